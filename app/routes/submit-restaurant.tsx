// 'Suggest a Restaurant': the form and its simulated submission (docs/routes.md).
// Nothing is stored. Without JavaScript a valid submission answers 303 to '/', where the
// 'Thank you!' notice shows once; with it, the notice shows here and home follows 1.5 s later.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Required, TextAreaField, TextField } from "~/components/ui/form";
import { focusRing, primaryButton } from "~/components/ui/styles";
import { useToast } from "~/components/ui/toast";
import { setFlash } from "~/lib/flash.server";
import { useHydrated } from "~/lib/hydrated";
import { NOTICES } from "~/lib/notices";
import {
  HONEYPOT_FIELD,
  SUBMISSION_CHECKBOXES,
  SUBMISSION_FIELDS,
  type SubmissionErrors,
  type SubmissionValues,
} from "~/lib/submission-fields";
import { readSubmission, submissionValues, validateSubmission } from "~/lib/submission.server";
import { staticCacheControl } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/site";

export const SIMULATED_DELAY_MS = 1500;
export const REDIRECT_DELAY_MS = 1500;

export const headers = staticCacheControl;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: pageTitle(matches, "Suggest a Restaurant"),
    description: "Tell us about a restaurant that caters well to dietary needs.",
    path: "/submit-restaurant",
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request);
  const values = submissionValues(form);
  const errors = validateSubmission(values);
  if (errors) return data({ status: "invalid" as const, errors, values }, { status: 400 });

  const filledHoneypot = Boolean(form.get(HONEYPOT_FIELD));
  // The simulated submission (docs/routes.md; a bot that filled the honeypot gets the
  // same answer, and nothing more happens for either).
  await sleep(SIMULATED_DELAY_MS);
  if (form.get("_js") === "1" && !filledHoneypot) {
    return data({ status: "success" as const, errors: {} as SubmissionErrors, values: null }, { status: 200 });
  }
  return redirect("/", { status: 303, headers: { "Set-Cookie": await setFlash(request, "submitSuccess") } });
}

const EMPTY_VALUES = Object.fromEntries([
  ...SUBMISSION_FIELDS.map((field) => [field, ""]),
  ...SUBMISSION_CHECKBOXES.map((box) => [box, false]),
]) as SubmissionValues;

export default function SubmitRestaurant() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();

  const submitting = navigation.state === "submitting" && navigation.formAction === "/submit-restaurant";
  const succeeded = actionData?.status === "success";
  const errors: SubmissionErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const values = actionData?.status === "invalid" ? actionData.values : EMPTY_VALUES;

  useEffect(() => {
    if (!succeeded) return;
    toast(NOTICES.submitSuccess);
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, toast, navigate]);

  /** What every field of the form shares: its name, the kept value and the server's message. */
  const field = (id: keyof SubmissionErrors) => ({ id, name: id, error: errors[id], defaultValue: values[id] });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suggest a Restaurant</h1>
      <p className="mt-2 text-slate-700">
        Know a place that takes dietary needs seriously? Tell us about it. Fields marked <Required /> are required.
      </p>
      {Object.keys(errors).length > 0 ? (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900"
          data-testid="form-errors"
        >
          <p className="font-semibold">Please correct the highlighted fields.</p>
        </div>
      ) : null}
      {succeeded ? (
        <div role="status" className="mt-6 rounded-lg border border-emerald-800 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{NOTICES.submitSuccess.title}</p>
          <p className="text-sm">{NOTICES.submitSuccess.description}</p>
        </div>
      ) : null}

      <Form
        method="post"
        className="mt-8 space-y-8"
        key={actionData?.status === "invalid" ? JSON.stringify(values) : "form"}
      >
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">Restaurant</legend>
          <div className="sm:col-span-2">
            <TextField {...field("name")} label="Restaurant Name" required autoComplete="organization" />
          </div>
          <div className="sm:col-span-2">
            <TextField {...field("address")} label="Street Address" autoComplete="street-address" />
          </div>
          <TextField {...field("city")} label="City" required autoComplete="address-level2" />
          <TextField {...field("state")} label="State" required autoComplete="address-level1" />
          <TextField {...field("zip")} label="Zip Code" inputMode="numeric" autoComplete="postal-code" />
          <TextField
            {...field("phone")}
            label="Restaurant Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <TextField
              {...field("website")}
              label="Website URL"
              hint="For example https://restaurant.example"
              type="url"
              inputMode="url"
              autoComplete="off"
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              {...field("cuisine")}
              label="Cuisine Type"
              hint="For example Thai, Italian or Bakery"
              autoComplete="off"
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-lg font-semibold text-slate-900">Dietary options</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ["gluten_free", "Gluten-Free options"],
                ["dairy_free", "Dairy-Free options"],
                ["vegetarian", "Vegetarian options"],
                ["vegan", "Vegan options"],
              ] as const
            ).map(([name, label]) => (
              <label
                key={name}
                htmlFor={name}
                className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5"
              >
                <input
                  id={name}
                  name={name}
                  type="checkbox"
                  defaultChecked={values[name]}
                  className={`h-5 w-5 accent-emerald-700 ${focusRing}`}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">About you</legend>
          <TextField
            {...field("submitter_email")}
            label="Your Email (for follow up)"
            type="email"
            inputMode="email"
            autoComplete="email"
          />
          <TextField
            {...field("submitter_phone")}
            label="Your Phone (optional)"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
          />
          <div className="sm:col-span-2">
            <TextAreaField {...field("notes")} label="Additional Information" rows={5} />
          </div>
        </fieldset>

        {/* Honeypot: hidden from people and assistive technology. */}
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input
            id={HONEYPOT_FIELD}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}

        <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            All submissions are reviewed by our team before being added to the directory.
          </p>
          <button type="submit" className={primaryButton} disabled={submitting || succeeded}>
            {submitting ? "Submitting..." : "Submit Restaurant"}
          </button>
        </div>
      </Form>
    </div>
  );
}
