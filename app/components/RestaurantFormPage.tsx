// The page around a diner's form about one restaurant ('Report a problem', 'Ate here? Tell
// other diners'): the breadcrumbs, the title, the line that names the restaurant, the notice
// of a refusal and the box of fields to correct; the diner's email field and the form's end;
// and the page shown instead on an error.
import { Link, useNavigation } from "@remix-run/react";
import { useMemo, type ComponentProps, type ReactNode } from "react";
import type { Notice } from "~/lib/web/notices";
import { refusalNotice } from "~/lib/submissions/form-result";
import { Breadcrumbs } from "./Breadcrumbs";
import { ErrorPage, GeneralErrorBoundary, directoryUnavailable, restaurantNotFound } from "./GeneralErrorBoundary";
import { Honeypot, InvalidFormAlert, SubmitBar } from "./PublicForm";
import { ServerNotice } from "./ServerNotice";
import { Required, TextField } from "./ui/form";

/** The action's answer as the page reads it (a 303 leaves the page, so only refusals come back). */
type Answer = { status: string; result?: { error?: Record<string, string[] | null> | null } | null };

/** Whether the form is being sent (its button then says 'Submitting...'). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}

export function RestaurantFormPage({
  restaurant,
  title,
  crumb,
  path,
  intro,
  answer,
  failure,
  children,
}: {
  restaurant: { id: number; name: string };
  /** The page's heading. */
  title: string;
  /** The page's name in the breadcrumbs, and its path under the restaurant's. */
  crumb: string;
  path: string;
  /** What follows 'About {the restaurant}. ': what happens to what is sent. */
  intro: string;
  answer: Answer | undefined;
  /** The form's message when the store failed. */
  failure: Notice;
  children: ReactNode;
}) {
  const notice = useMemo(() => refusalNotice(answer, failure), [answer, failure]);
  const page = `/restaurant/${restaurant.id}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Restaurant", path: page },
          { name: crumb, path: `${page}/${path}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">
        About{" "}
        <Link to={page} className="font-semibold text-emerald-800 underline">
          {restaurant.name}
        </Link>
        {`. ${intro} Fields marked `}
        <Required /> are required.
      </p>
      <ServerNotice notice={notice} />
      {answer?.status === "invalid" ? <InvalidFormAlert answer={answer} errors={answer.result?.error} /> : null}
      {children}
    </div>
  );
}

/** The diner's email address (optional: where the team may answer). */
export function EmailField(field: Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "autoComplete">) {
  return <TextField {...field} type="email" inputMode="email" autoComplete="email" />;
}

/** The end of the form: the honeypot, then the way back to the restaurant (its page's path) and the button. */
export function RestaurantFormEnd({
  label,
  restaurant,
  submitting,
}: {
  label: string;
  restaurant: string;
  submitting: boolean;
}) {
  return (
    <>
      <Honeypot />

      <SubmitBar label={label} submitting={submitting}>
        <Link to={restaurant} className="text-sm font-semibold text-emerald-800 underline">
          Back to the restaurant
        </Link>
      </SubmitBar>
    </>
  );
}

/** A restaurant the form cannot be about: unknown (404), closed (410, `closed` says why), or the directory down (503). */
export function RestaurantFormErrorBoundary({ closed }: { closed: string }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: restaurantNotFound,
        410: () => <ErrorPage title="Permanently closed" message={closed} action="Return to Homepage" />,
        503: directoryUnavailable,
      }}
    />
  );
}
