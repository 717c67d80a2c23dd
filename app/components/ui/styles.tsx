// The classes of the few primitives the app repeats (form controls are in ./form).

// Each is a component class of app/tailwind.css (`@layer components`), so that an element that
// repeats on a page (a link, a button, a chip) carries one short class, not its utility list.

export const focusRing = "focus-ring";

export const primaryButton = "btn btn-primary";

export const secondaryButton = "btn btn-secondary";

export const textLink = "link";

export const pill = (selected: boolean) => `pill ${selected ? "is-on" : "is-off"}`;

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" fill="none" opacity="0.25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" fill="none" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
