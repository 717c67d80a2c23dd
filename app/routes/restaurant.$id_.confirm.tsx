// 'Ate here? Tell other diners' for one restaurant (docs/routes.md, docs/decisions/0022-confirmations-from-diners.md):
// the diner's condition, the month of the visit, what happened, and optionally what the staff
// knew, what they saw, what they ordered and a note. A valid confirmation is stored (kind
// 'confirmation'), then 303 back to the restaurant, where 'Thank you!' shows once. Unknown
// restaurant 404, closed 410; invalid 400; too many from this client, or this restaurant
// confirmed by this client within 30 days, 429; not stored 503; each with the form and its values
// (and, on a 429 or a 503, the Retry-After the headers export passes on).
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { useMemo } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { ConfirmationForm } from "~/components/ConfirmationForm";
import {
  ErrorPage,
  GeneralErrorBoundary,
  directoryUnavailable,
  restaurantNotFound,
} from "~/components/GeneralErrorBoundary";
import { InvalidFormAlert } from "~/components/PublicForm";
import { ServerNotice } from "~/components/ServerNotice";
import { Required } from "~/components/ui/form";
import { guard, submissionsOf } from "~/lib/directory/index.server";
import { confirmationPayload, confirmationSchema } from "~/lib/submissions/confirmation-form";
import { formKey, refusalNotice } from "~/lib/submissions/form-result";
import { HONEYPOT_FIELD } from "~/lib/submissions/fields";
import {
  NO_STORE,
  invalidAnswer,
  notStoredAnswer,
  readSubmission,
  storeSubmission,
} from "~/lib/submissions/submit.server";
import { CONFIRMATION_TEXT, monthOf, visitMonths } from "~/lib/trust/confirmations";
import { formPageHeaders, loaderCacheControl } from "~/lib/web/cache-control";
import { setFlash } from "~/lib/web/flash.server";
import { NOTICES } from "~/lib/web/notices";
import { notFound, parseRestaurantId } from "~/lib/web/route.server";
import { pageTitle } from "~/lib/web/site";

export const headers = formPageHeaders(loaderCacheControl);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Tell other diners: ${data.restaurant.name}` : CONFIRMATION_TEXT.link) },
  // A form for one visitor, not a page for search engines.
  { name: "robots", content: "noindex" },
];

/** The restaurant the URL names: 404 when there is none (or the id is malformed), 410 when it has closed. */
async function targetOf(params: LoaderFunctionArgs["params"], context: LoaderFunctionArgs["context"]) {
  const id = parseRestaurantId(params.id);
  if (id === null) notFound();
  const target = await guard(submissionsOf(context.cloudflare.env).reportTarget(id));
  if (!target) notFound();
  if (target.closedAt) throw data(null, { status: 410, statusText: "Gone", headers: NO_STORE });
  return target;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { id, name } = await targetOf(params, context);
  // The months the form offers, from the server's clock, so that the page and its hydration agree.
  return data({ restaurant: { id, name }, months: visitMonths(monthOf(new Date())) }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readSubmission(request);
  const { id } = await targetOf(params, context);
  const submission = parseWithZod(form, { schema: confirmationSchema(monthOf(new Date())) });
  if (submission.status !== "success") return invalidAnswer(submission);
  const stored = form.get(HONEYPOT_FIELD)
    ? "stored"
    : await storeSubmission(context.cloudflare.env, request, {
        kind: "confirmation",
        restaurantId: id,
        payload: confirmationPayload(submission.value),
      });
  // A repeat may be sent again once the 30 days have passed (its Retry-After says so).
  if (stored !== "stored") return notStoredAnswer(submission, stored, NOTICES.confirmationFailure);
  return redirect(`/restaurant/${id}`, {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": await setFlash(request, "confirmationSuccess") },
  });
}

export default function ConfirmVisit() {
  const { restaurant, months } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const notice = useMemo(() => refusalNotice(actionData, NOTICES.confirmationFailure), [actionData]);
  const page = `/restaurant/${restaurant.id}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Restaurant", path: page },
          { name: "Tell other diners", path: `${page}/confirm` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{CONFIRMATION_TEXT.link}</h1>
      <p className="mt-2 text-slate-700">
        About{" "}
        <Link to={page} className="font-semibold text-emerald-800 underline">
          {restaurant.name}
        </Link>
        . Tell diners with the same condition what happened when you ate here. Our team reads every confirmation before
        it is shown, without your email; nothing is averaged into a score. Fields marked <Required /> are required.
      </p>
      <ServerNotice notice={notice} />
      {actionData?.status === "invalid" ? (
        <InvalidFormAlert answer={actionData} errors={actionData?.result?.error} />
      ) : null}
      <ConfirmationForm
        key={formKey(actionData?.result)}
        result={actionData?.result}
        months={months}
        backTo={page}
        submitting={submitting}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: restaurantNotFound,
        410: () => (
          <ErrorPage
            title="Permanently closed"
            message="This restaurant has closed permanently, so there is nothing left to confirm."
            action="Return to Homepage"
          />
        ),
        503: directoryUnavailable,
      }}
    />
  );
}
