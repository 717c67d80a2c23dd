// 'Report a problem' with one restaurant (docs/routes.md): the reasons, details and an
// optional email. A valid report is stored, then 303 back to the restaurant, where 'Thank
// you!' shows once. Unknown restaurant 404, closed 410; invalid 400, too many from this
// client 429, not stored 503, each with the form and its values.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useMemo } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import {
  ErrorPage,
  GeneralErrorBoundary,
  directoryUnavailable,
  restaurantNotFound,
} from "~/components/GeneralErrorBoundary";
import { Honeypot, InvalidFormAlert, SubmitBar } from "~/components/PublicForm";
import { ServerNotice } from "~/components/ServerNotice";
import { Required, TextAreaField, TextField } from "~/components/ui/form";
import { focusRing } from "~/components/ui/styles";
import { guard, submissionsOf } from "~/lib/directory/index.server";
import { REPORT_REASONS } from "~/lib/submissions/store";
import { setFlash } from "~/lib/web/flash.server";
import { formKey, formState, refusalNotice } from "~/lib/submissions/form-result";
import { NOTICES } from "~/lib/web/notices";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { notFound, parseRestaurantId } from "~/lib/web/route.server";
import { pageTitle } from "~/lib/web/site";
import { formPageHeaders, loaderCacheControl } from "~/lib/web/cache-control";
import { HONEYPOT_FIELD, REPORT_REASON_LABELS } from "~/lib/submissions/fields";
import { reportSchema } from "~/lib/submissions/forms";
import {
  NO_STORE,
  invalidAnswer,
  notStoredAnswer,
  readSubmission,
  storeSubmission,
} from "~/lib/submissions/submit.server";

export const headers = formPageHeaders(loaderCacheControl);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Report a problem: ${data.restaurant.name}` : "Report a problem") },
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
  // maxLength and the like, from the schema: here, so that zod stays on the server.
  return data({ restaurant: { id, name }, constraint: getZodConstraint(reportSchema) }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readSubmission(request);
  const { id } = await targetOf(params, context);
  const submission = parseWithZod(form, { schema: reportSchema });
  if (submission.status !== "success") return invalidAnswer(submission);
  const stored = form.get(HONEYPOT_FIELD)
    ? "stored"
    : await storeSubmission(context.cloudflare.env, request, {
        kind: "report",
        restaurantId: id,
        reason: submission.value.reason,
        payload: submission.value,
      });
  if (stored !== "stored") return notStoredAnswer(submission, stored, NOTICES.reportFailure);
  return redirect(`/restaurant/${id}`, {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": await setFlash(request, "reportSuccess") },
  });
}

export default function ReportProblem() {
  const { restaurant, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const state = formState(actionData?.result, constraint);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const notice = useMemo(() => refusalNotice(actionData, NOTICES.reportFailure), [actionData]);
  const reasonError = state.error("reason");
  const chosen = state.text("reason");
  const page = `/restaurant/${restaurant.id}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Restaurant", path: page },
          { name: "Report a problem", path: `${page}/report` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Report a problem</h1>
      <p className="mt-2 text-slate-700">
        About{" "}
        <Link to={page} className="font-semibold text-emerald-800 underline">
          {restaurant.name}
        </Link>
        . Our team reads every report before the listing changes. Fields marked <Required /> are required.
      </p>
      <ServerNotice notice={notice} />
      {actionData?.status === "invalid" ? (
        <InvalidFormAlert answer={actionData} errors={actionData?.result?.error} />
      ) : null}

      <Form method="post" className="mt-8 space-y-6" key={formKey(actionData?.result)}>
        <fieldset aria-describedby={reasonError ? "reason-error" : undefined}>
          <legend className="mb-3 text-lg font-semibold text-slate-900">
            What is wrong? <Required />
          </legend>
          <div className="grid gap-2">
            {/* `confirm` (kept for old links and forms) is no longer offered: diners tell others instead. */}
            {REPORT_REASONS.filter((reason) => reason !== "confirm").map((reason) => (
              <label key={reason} className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  defaultChecked={chosen === reason}
                  className={`h-5 w-5 shrink-0 accent-emerald-700 ${focusRing}`}
                />
                <span>{REPORT_REASON_LABELS[reason]}</span>
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id="reason-error" className="mt-1 text-sm font-medium text-red-800" data-testid="error-reason">
              {reasonError}
            </p>
          ) : null}
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
        </fieldset>

        <TextAreaField {...state.field("details")} label="Details" hint="What is wrong, and what is right?" rows={5} />
        <TextField
          {...state.field("submitter_email")}
          label="Your Email (optional)"
          type="email"
          inputMode="email"
          autoComplete="email"
        />

        <Honeypot />

        <SubmitBar label="Send Report" submitting={submitting}>
          <Link to={page} className="text-sm font-semibold text-emerald-800 underline">
            Back to the restaurant
          </Link>
        </SubmitBar>
      </Form>
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
            message="This restaurant has closed permanently, so there is nothing left to report."
            action="Return to Homepage"
          />
        ),
        503: directoryUnavailable,
      }}
    />
  );
}
