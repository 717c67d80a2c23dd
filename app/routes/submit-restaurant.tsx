// 'Suggest a Restaurant': the form and its action (docs/routes.md). A valid suggestion is
// stored before the visitor is told anything. Without JavaScript a stored suggestion answers
// 303 to '/', where the 'Thank you!' notice shows once; with it, the spec's steps: 1.5 s of
// 'Submitting...', the notice here, home 1.5 s later. Invalid: 400; too many from this
// client: 429; not stored: 503; each with the form and every typed value kept.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect, useMemo, useState, type ComponentProps } from "react";
import { Honeypot, InvalidFormAlert, SubmitBar } from "~/components/PublicForm";
import { ServerNotice } from "~/components/ServerNotice";
import { Checkbox, YesNoUnsure } from "~/components/ui/choice";
import { Required, TextAreaField, TextField, fieldLabel, inputField } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { setFlash } from "~/lib/web/flash.server";
import { formKey, formState, refusalNotice } from "~/lib/submissions/form-result";
import { useHydrated } from "~/lib/web/hydrated";
import { NOTICES } from "~/lib/web/notices";
import { DEFAULT_COUNTRY, HONEYPOT_FIELD } from "~/lib/submissions/fields";
import { suggestionSchema } from "~/lib/submissions/forms";
import { countryOptions } from "~/lib/submissions/countries";
import { countriesWithoutStates } from "~/lib/submissions/address-rules";
import {
  NO_STORE,
  invalidAnswer,
  notStoredAnswer,
  publicFormLimit,
  readSubmission,
  storeSubmission,
} from "~/lib/submissions/submit.server";
import { formPageHeaders, staticCacheControl } from "~/lib/web/cache-control";
import { pageMeta } from "~/lib/seo/seo";
import { pageTitle } from "~/lib/web/site";

export const SIMULATED_DELAY_MS = 1500;
export const REDIRECT_DELAY_MS = 1500;

export const headers = formPageHeaders(staticCacheControl);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: pageTitle(matches, "Suggest a Restaurant"),
    description: "Tell us about a restaurant that caters well to dietary needs.",
    path: "/submit-restaurant",
  });

/**
 * required, maxLength and the like, from the schema, the countries the form offers and those
 * that have no states or provinces (State is required elsewhere): here, so that zod and the
 * country data stay on the server (they reach the browser in the page's data, never in its
 * JavaScript).
 */
export const loader = () => ({
  constraint: getZodConstraint(suggestionSchema),
  countries: countryOptions(),
  withoutStates: countriesWithoutStates(),
});

/** Room for the longest valid suggestion; past 16 KB, only a valid one (issue 37). */
const BODY_LIMIT = publicFormLimit(
  getZodConstraint(suggestionSchema),
  (form) => parseWithZod(form, { schema: suggestionSchema }).status === "success",
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, BODY_LIMIT);
  const submission = parseWithZod(form, { schema: suggestionSchema });
  if (submission.status !== "success") return invalidAnswer(submission);

  const js = form.get("_js") === "1";
  // A bot that filled the honeypot gets the answer of a stored suggestion, and nothing is kept.
  const filledHoneypot = Boolean(form.get(HONEYPOT_FIELD));
  const [stored] = await Promise.all([
    filledHoneypot
      ? ("stored" as const)
      : storeSubmission(context.cloudflare.env, request, { kind: "restaurant", payload: submission.value }),
    // The spec's steps: 'Submitting...' shows for 1.5 s with JavaScript.
    js ? sleep(SIMULATED_DELAY_MS) : null,
  ]);

  if (stored !== "stored") return notStoredAnswer(submission, stored, NOTICES.submitFailure);
  if (js && !filledHoneypot) return data({ status: "success" as const, result: null }, { headers: NO_STORE });
  return redirect("/", {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": await setFlash(request, "submitSuccess") },
  });
}

/** A text field of the form: its name, what it shows, and whether it takes the full width from the small breakpoint. */
type TextInput = { name: string; wide?: boolean } & Pick<
  ComponentProps<typeof TextField>,
  "label" | "hint" | "type" | "inputMode" | "autoComplete"
>;

const RESTAURANT_FIELDS: TextInput[] = [
  { name: "name", label: "Restaurant Name", autoComplete: "organization", wide: true },
  { name: "address", label: "Street Address", autoComplete: "address-line1", wide: true },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "zip", label: "Zip Code", autoComplete: "postal-code" },
  { name: "phone", label: "Restaurant Phone Number", type: "tel", inputMode: "tel", autoComplete: "off" },
  {
    name: "website",
    label: "Website URL",
    hint: "For example https://restaurant.example",
    type: "url",
    inputMode: "url",
    autoComplete: "off",
    wide: true,
  },
  {
    name: "cuisine",
    label: "Cuisine Type",
    hint: "For example Thai, Italian or Bakery",
    autoComplete: "off",
    wide: true,
  },
];

const CONTACT_FIELDS: TextInput[] = [
  {
    name: "submitter_email",
    label: "Your Email (for follow up)",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
  },
  { name: "submitter_phone", label: "Your Phone (optional)", type: "tel", inputMode: "tel", autoComplete: "tel" },
];

const DIET_BOXES = [
  ["gluten_free", "Gluten-Free options"],
  ["dairy_free", "Dairy-Free options"],
  ["vegetarian", "Vegetarian options"],
  ["vegan", "Vegan options"],
] as const;

const ONLY_BOXES = [
  ["gluten_free_only", "100% Gluten-Free"],
  ["dairy_free_only", "100% Dairy-Free"],
  ["vegetarian_only", "100% Vegetarian"],
  ["vegan_only", "100% Vegan"],
] as const;

const PRACTICES = [
  ["gf_dedicated_fryer", "Dedicated fryer"],
  ["gf_separate_prep", "Separate preparation area"],
  ["gf_trained_staff", "Staff trained on cross-contact"],
] as const;

/** Under the country: what State and Zip Code take outside the United States. */
const COUNTRY_HINT =
  "Outside the United States, State takes the province, state or region (or its code) and Zip Code the postal code.";

/** The country: every ISO 3166-1 country by its English name, the United States unless chosen. */
function CountrySelect({
  countries,
  value,
  error,
  onChange,
}: {
  countries: [string, string][];
  value: string;
  error: string | undefined;
  onChange: (country: string) => void;
}) {
  return (
    <div>
      <label htmlFor="country" className={fieldLabel}>
        Country
      </label>
      <select
        id="country"
        name="country"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "country-hint country-error" : "country-hint"}
        className={inputField}
      >
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <p id="country-hint" className="mt-1 text-xs text-slate-600">
        {COUNTRY_HINT}
      </p>
      {error ? (
        <p id="country-error" className="mt-1 text-sm font-medium text-red-800" data-testid="error-country">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function SubmitRestaurant() {
  const { constraint, countries, withoutStates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();

  const submitting = navigation.state === "submitting" && navigation.formAction === "/submit-restaurant";
  const succeeded = actionData?.status === "success";
  const state = formState(actionData?.result, constraint);
  const notice = useMemo(() => refusalNotice(actionData, NOTICES.submitFailure), [actionData]);
  // The country as chosen (the typed one after an answer: the form is rendered anew with it).
  const [country, setCountry] = useState(state.text("country") || DEFAULT_COUNTRY);
  const textField = ({ name, wide, ...shown }: TextInput) => {
    const extra =
      name === "state"
        ? // Required where the country has states or provinces (the server's rule: app/lib/submissions/address-rules.ts).
          { required: !withoutStates.includes(country) }
        : name === "zip"
          ? // A US ZIP code is digits; a postal code elsewhere may hold letters ('M5V 2T6').
            { inputMode: country === DEFAULT_COUNTRY ? ("numeric" as const) : ("text" as const) }
          : {};
    const field = <TextField key={name} {...state.field(name)} {...shown} {...extra} />;
    return wide ? (
      <div key={name} className="sm:col-span-2">
        {field}
      </div>
    ) : (
      field
    );
  };

  useEffect(() => {
    if (!succeeded) return;
    toast(NOTICES.submitSuccess);
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, toast, navigate]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suggest a Restaurant</h1>
      <p className="mt-2 text-slate-700">
        Know a place that takes dietary needs seriously? Tell us about it. Fields marked <Required /> are required.
      </p>
      <ServerNotice notice={notice} />
      {actionData?.status === "invalid" ? (
        <InvalidFormAlert answer={actionData} errors={actionData?.result?.error} />
      ) : null}
      {succeeded ? (
        <div role="status" className="mt-6 rounded-lg border border-emerald-800 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{NOTICES.submitSuccess.title}</p>
          <p className="text-sm">{NOTICES.submitSuccess.description}</p>
        </div>
      ) : null}

      <Form method="post" className="mt-8 space-y-8" key={formKey(actionData?.result)}>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">Restaurant</legend>
          {/* The name, then the country, on which the address fields below depend. */}
          {RESTAURANT_FIELDS.slice(0, 1).map(textField)}
          <div className="sm:col-span-2">
            <CountrySelect countries={countries} value={country} error={state.error("country")} onChange={setCountry} />
          </div>
          {RESTAURANT_FIELDS.slice(1).map(textField)}
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-lg font-semibold text-slate-900">Dietary options</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {DIET_BOXES.map(([name, label]) => (
              <Checkbox key={name} name={name} label={label} checked={state.checked(name)} />
            ))}
          </div>
          <p className="mt-4 text-sm text-slate-700">Is the whole menu free of it? Only if you are sure:</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {ONLY_BOXES.map(([name, label]) => (
              <Checkbox key={name} name={name} label={label} checked={state.checked(name)} />
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-lg font-semibold text-slate-900">Celiac safety</legend>
          <div className="grid gap-3">
            {PRACTICES.map(([name, label]) => (
              <YesNoUnsure key={name} name={name} label={label} value={state.text(name)} error={state.error(name)} />
            ))}
          </div>
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-slate-900">About you</legend>
          {CONTACT_FIELDS.map(textField)}
          <div className="sm:col-span-2">
            <TextAreaField {...state.field("notes")} label="Additional Information" rows={5} />
          </div>
        </fieldset>

        <Honeypot defaultValue="" />
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}

        <SubmitBar label="Submit Restaurant" submitting={submitting} disabled={submitting || succeeded}>
          <p className="text-sm text-slate-700">
            All submissions are reviewed by our team before being added to the directory.
          </p>
        </SubmitBar>
      </Form>
    </div>
  );
}
