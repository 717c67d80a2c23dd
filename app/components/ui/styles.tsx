// Shared Tailwind class lists for the few primitives the app repeats (form controls are in
// ./form).

export const focusRing =
  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-70 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-md border border-emerald-700 bg-white px-4 py-2.5 font-semibold text-emerald-800 hover:bg-emerald-50 ${focusRing}`;

export const textLink = `rounded-sm text-emerald-800 underline underline-offset-2 hover:text-emerald-900 ${focusRing}`;

export const pill = (selected: boolean) =>
  `inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium pointer-coarse:min-h-11 ${focusRing} ${
    selected
      ? "border-emerald-800 bg-emerald-700 text-white hover:bg-emerald-800"
      : "border-slate-300 bg-white text-slate-800 hover:border-emerald-700 hover:text-emerald-900"
  }`;

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
