// 'Ate here? Tell other diners' for one restaurant (docs/routes.md, docs/decisions/0022-confirmations-from-diners.md):
// the diner's condition, the month of the visit, what happened, and optionally what the staff
// knew, what they saw, what they ordered and a note. A valid confirmation is stored (kind
// 'confirmation'), then 303 back to the restaurant, where 'Thank you!' shows once. Unknown
// restaurant 404, closed 410; invalid 400; too many from this client, or this restaurant
// confirmed by this client within 30 days, 429; not stored 503; each with the form and its values
// (and, on a 429 or a 503, the Retry-After the headers export passes on).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmationForm } from "~/components/ConfirmationForm";
import { RestaurantFormErrorBoundary, RestaurantFormPage, usePosting } from "~/components/RestaurantFormPage";
import { confirmationPayload, confirmationSchema } from "~/lib/submissions/confirmation-form";
import { formKey } from "~/lib/submissions/form-result";
import { restaurantFormAction, restaurantFormData } from "~/lib/submissions/restaurant-form.server";
import { CONFIRMATION_TEXT, monthOf, visitMonths } from "~/lib/trust/confirmations";
import { formPageHeaders, loaderCacheControl } from "~/lib/web/cache-control";
import { NOTICES } from "~/lib/web/notices";
import { pageTitle } from "~/lib/web/site";

export const headers = formPageHeaders(loaderCacheControl);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Tell other diners: ${data.restaurant.name}` : CONFIRMATION_TEXT.link) },
  // A form for one visitor, not a page for search engines.
  { name: "robots", content: "noindex" },
];

export function loader(args: LoaderFunctionArgs) {
  // The months the form offers, from the server's clock, so that the page and its hydration agree.
  return restaurantFormData(args, { months: visitMonths(monthOf(new Date())) });
}

export function action(args: ActionFunctionArgs) {
  // A repeat may be sent again once the 30 days have passed (its Retry-After says so).
  return restaurantFormAction(args, {
    schema: confirmationSchema(monthOf(new Date())),
    submission: (restaurantId, value) => ({ kind: "confirmation", restaurantId, payload: confirmationPayload(value) }),
    failure: NOTICES.confirmationFailure,
    thanks: "confirmationSuccess",
  });
}

export default function ConfirmVisit() {
  const { restaurant, months } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = usePosting();

  return (
    <RestaurantFormPage
      restaurant={restaurant}
      title={CONFIRMATION_TEXT.link}
      crumb="Tell other diners"
      path="confirm"
      intro="Tell diners with the same condition what happened when you ate here. Our team reads every confirmation before it is shown, without your email; nothing is averaged into a score."
      answer={actionData}
      failure={NOTICES.confirmationFailure}
    >
      <ConfirmationForm
        key={formKey(actionData?.result)}
        result={actionData?.result}
        months={months}
        backTo={`/restaurant/${restaurant.id}`}
        submitting={submitting}
      />
    </RestaurantFormPage>
  );
}

export function ErrorBoundary() {
  return (
    <RestaurantFormErrorBoundary closed="This restaurant has closed permanently, so there is nothing left to confirm." />
  );
}
