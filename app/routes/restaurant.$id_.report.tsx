// 'Report a problem' with one restaurant (docs/routes.md): the reasons, details and an
// optional email. A valid report is stored, then 303 back to the restaurant, where 'Thank
// you!' shows once. Unknown restaurant 404, closed 410; invalid 400, too many from this
// client 429, not stored 503, each with the form and its values.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getZodConstraint } from "@conform-to/zod";
import {
  EmailField,
  RestaurantFormEnd,
  RestaurantFormErrorBoundary,
  RestaurantFormPage,
  usePosting,
} from "~/components/RestaurantFormPage";
import { ChoiceGroup } from "~/components/ui/choice";
import { TextAreaField } from "~/components/ui/form";
import { REPORT_REASONS } from "~/lib/directory/submission-store";
import { formKey, formState } from "~/lib/submissions/form-result";
import { NOTICES } from "~/lib/web/notices";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { pageTitle } from "~/lib/web/site";
import { formPageHeaders, loaderCacheControl } from "~/lib/web/cache-control";
import { REPORT_REASON_LABELS } from "~/lib/submissions/fields";
import { reportSchema } from "~/lib/submissions/forms";
import { restaurantFormAction, restaurantFormData } from "~/lib/submissions/restaurant-form.server";

export const headers = formPageHeaders(loaderCacheControl);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Report a problem: ${data.restaurant.name}` : "Report a problem") },
  // A form for one visitor, not a page for search engines.
  { name: "robots", content: "noindex" },
];

/** The reasons offered: `confirm` (kept for old links and forms) is no longer offered: diners tell others instead. */
const OFFERED_REASONS = REPORT_REASONS.filter((reason) => reason !== "confirm").map(
  (reason) => [reason, REPORT_REASON_LABELS[reason]] as const,
);

export function loader(args: LoaderFunctionArgs) {
  // maxLength and the like, from the schema: here, so that zod stays on the server.
  return restaurantFormData(args, { constraint: getZodConstraint(reportSchema) });
}

export function action(args: ActionFunctionArgs) {
  return restaurantFormAction(args, {
    schema: reportSchema,
    submission: (restaurantId, value) => ({ kind: "report", restaurantId, reason: value.reason, payload: value }),
    failure: NOTICES.reportFailure,
    thanks: "reportSuccess",
  });
}

export default function ReportProblem() {
  const { restaurant, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = formState(actionData?.result, constraint);
  const submitting = usePosting();
  const page = `/restaurant/${restaurant.id}`;

  return (
    <RestaurantFormPage
      restaurant={restaurant}
      title="Report a problem"
      crumb="Report a problem"
      path="report"
      intro="Our team reads every report before the listing changes."
      answer={actionData}
      failure={NOTICES.reportFailure}
    >
      <Form method="post" className="mt-8 space-y-6" key={formKey(actionData?.result)}>
        <ChoiceGroup
          type="radio"
          name="reason"
          legend="What is wrong?"
          required
          error={state.error("reason")}
          options={OFFERED_REASONS}
          checked={(reason) => state.text("reason") === reason}
          columns={1}
        >
          <p className="mt-3 text-sm text-slate-700">
            Ate here and the information was right?{" "}
            <Link
              to={`${page}/confirm`}
              className="font-semibold text-emerald-800 underline"
              data-testid="confirm-instead"
            >
              {CONFIRMATION_TEXT.link}
            </Link>
          </p>
        </ChoiceGroup>

        <TextAreaField {...state.field("details")} label="Details" hint="What is wrong, and what is right?" rows={5} />
        <EmailField {...state.field("submitter_email")} label="Your Email (optional)" />

        <RestaurantFormEnd label="Send Report" restaurant={page} submitting={submitting} />
      </Form>
    </RestaurantFormPage>
  );
}

export function ErrorBoundary() {
  return (
    <RestaurantFormErrorBoundary closed="This restaurant has closed permanently, so there is nothing left to report." />
  );
}
