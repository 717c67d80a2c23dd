// 'Suggest a Restaurant': the form and its simulated submission (CONTRACTS.md section 3).
// Nothing is stored. Without JavaScript a valid submission answers 303 to '/', where the
// 'Thank you!' notice shows once; with it, the notice shows here and home follows 1.5 s later.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { focusRing, inputField, primaryButton } from "~/components/ui/styles";
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
import { EDGE_POLICY } from "~/lib/page-cache";

export const SIMULATED_DELAY_MS = 1500;
export const REDIRECT_DELAY_MS = 1500;

export const headers = () => ({ "Cache-Control": EDGE_POLICY.static });

export const meta: MetaFunction = () => [
  { title: "Suggest a Restaurant | SafeBites" },
  { name: "description", content: "Tell us about a restaurant that caters well to dietary needs." },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request);
  const values = submissionValues(form);
  const errors = validateSubmission(values);
  if (errors) return data({ status: "invalid" as const, errors, values }, { status: 400 });

  const filledHoneypot = Boolean(form.get(HONEYPOT_FIELD));
  // The simulated submission of spec section 4 (a bot that filled the honeypot gets the
  // same answer, and nothing more happens for either).
  await sleep(SIMULATED_DELAY_MS);
  if (form.get("_js") === "1" && !filledHoneypot) {
    return data({ status: "success" as const, errors: {} as SubmissionErrors, values: null }, { status: 200 });
  }
  return redirect("/", { status: 303, headers: { "Set-Cookie": await setFlash(request, "submitSuccess") } });
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const EMPTY_VALUES = Object.fromEntries([
  ...SUBMISSION_FIELDS.map((field) => [field, ""]),
  ...SUBMISSION_CHECKBOXES.map((box) => [box, false]),
]) as SubmissionValues;

const Required = () => (
  <span className="text-red-800" aria-hidden="true">
    *
  </span>
);

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

  const describedBy = (id: keyof SubmissionErrors) => (errors[id] ? `${id}-error` : undefined);
  const text = (id: keyof SubmissionErrors, props: { type?: string; required?: boolean; autoComplete?: string; inputMode?: "numeric" | "tel" | "email" | "url" } = {}) => (
    <input
      id={id}
      name={id}
      type={props.type ?? "text"}
      required={props.required}
      autoComplete={props.autoComplete ?? "off"}
      inputMode={props.inputMode}
      defaultValue={values[id]}
      aria-invalid={errors[id] ? true : undefined}
      aria-describedby={describedBy(id)}
      className={`${inputField} ${errors[id] ? "border-red-700" : ""}`}
    />
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suggest a Restaurant</h1>
      <p className="mt-2 text-slate-700">
        Know a place that takes dietary needs seriously? Tell us about it. Fields marked <Required /> are required.
      </p>
      {Object.keys(errors).length > 0 ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900" data-testid="form-errors">
          <p className="font-semibold">Please correct the highlighted fields.</p>
        </div>
      ) : null}
      {succeeded ? (
        <div role="status" className="mt-6 rounded-lg border border-emerald-800 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{NOTICES.submitSuccess.title}</p>
          <p className="text-sm">{NOTICES.submitSuccess.description}</p>
        </div>
      ) : null}

      <Form method="post" className="mt-8 space-y-8" key={actionData?.status === "invalid" ? JSON.stringify(values) : "form"}>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">Restaurant</legend>
          <div className="sm:col-span-2">
            <Field id="name" label={<>Restaurant Name <Required /></>} error={errors.name}>
              {text("name", { required: true, autoComplete: "organization" })}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field id="address" label="Street Address" error={errors.address}>
              {text("address", { autoComplete: "street-address" })}
            </Field>
          </div>
          <Field id="city" label={<>City <Required /></>} error={errors.city}>
            {text("city", { required: true, autoComplete: "address-level2" })}
          </Field>
          <Field id="state" label={<>State <Required /></>} error={errors.state}>
            {text("state", { required: true, autoComplete: "address-level1" })}
          </Field>
          <Field id="zip" label="Zip Code" error={errors.zip}>
            {text("zip", { inputMode: "numeric", autoComplete: "postal-code" })}
          </Field>
          <Field id="phone" label="Restaurant Phone Number" error={errors.phone}>
            {text("phone", { type: "tel", inputMode: "tel" })}
          </Field>
          <div className="sm:col-span-2">
            <Field id="website" label="Website URL" error={errors.website} hint="For example https://restaurant.example">
              {text("website", { type: "url", inputMode: "url" })}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field id="cuisine" label="Cuisine Type" error={errors.cuisine} hint="For example Thai, Italian or Bakery">
              {text("cuisine")}
            </Field>
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
              <label key={name} htmlFor={name} className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5">
                <input id={name} name={name} type="checkbox" defaultChecked={values[name]} className={`h-5 w-5 accent-emerald-700 ${focusRing}`} />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">About you</legend>
          <Field id="submitter_email" label="Your Email (for follow up)" error={errors.submitter_email}>
            {text("submitter_email", { type: "email", inputMode: "email", autoComplete: "email" })}
          </Field>
          <Field id="submitter_phone" label="Your Phone (optional)" error={errors.submitter_phone}>
            {text("submitter_phone", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
          </Field>
          <div className="sm:col-span-2">
            <Field id="notes" label="Additional Information" error={errors.notes}>
              <textarea
                id="notes"
                name="notes"
                rows={5}
                defaultValue={values.notes}
                aria-invalid={errors.notes ? true : undefined}
                aria-describedby={describedBy("notes")}
                className={inputField}
              />
            </Field>
          </div>
        </fieldset>

        {/* Honeypot: hidden from people and assistive technology. */}
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}

        <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">All submissions are reviewed by our team before being added to the directory.</p>
          <button type="submit" className={primaryButton} disabled={submitting || succeeded}>
            {submitting ? "Submitting..." : "Submit Restaurant"}
          </button>
        </div>
      </Form>
    </div>
  );
}
