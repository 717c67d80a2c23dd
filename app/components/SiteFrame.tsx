// The shared frame of every page (docs/routes.md): sticky top bar (logo, name, tagline) and footer.
import { Link } from "@remix-run/react";
import { TAGLINE } from "~/lib/web/site";
import { SavedLink } from "./SavedLink";

function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
      <circle cx="16" cy="16" r="15" fill="#047857" />
      <path d="M16 7c4 3 6 6.5 6 10.5A6 6 0 0 1 16 24a6 6 0 0 1-6-6.5C10 13.5 12 10 16 7z" fill="#ecfdf5" />
      <path d="M16 11v12" stroke="#047857" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white print:static print:border-0">
      <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          <Logo />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-slate-900">{siteName}</span>
            <span className="text-xs text-slate-600 sm:text-sm">{TAGLINE}</span>
          </span>
        </Link>
        <SavedLink />
      </div>
    </header>
  );
}

/** A component class of app/tailwind.css. */
const footerLink = "nav-link";

const FOOTER_GROUPS = [
  {
    title: "About",
    links: [
      { to: "/our-mission", label: "Our Mission" },
      { to: "/contact-us", label: "Contact Us" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms-of-service", label: "Terms of Service" },
    ],
  },
];

function FooterGroup({ title, links }: (typeof FOOTER_GROUPS)[number]) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link className={footerLink} to={to}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ siteName, year }: { siteName: string; year: number }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 font-bold text-slate-900">
            <Logo /> {siteName}
          </p>
          <p className="mt-2 text-sm text-slate-700">{TAGLINE}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <FooterGroup key={group.title} {...group} />
        ))}
      </div>
      <div className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-700">
        <p>
          © {year} {siteName}. All rights reserved.
        </p>
        {/* The place data's licence (CC BY 4.0) asks for this credit: docs/decisions/0006-place-data.md, 0031-world-place-data.md. */}
        <p className="mt-1" data-testid="place-data-credit">
          Place data:{" "}
          <a className={footerLink} href="https://www.geonames.org/" rel="noopener noreferrer">
            GeoNames
          </a>
          , licensed under{" "}
          <a
            className={footerLink}
            href="https://creativecommons.org/licenses/by/4.0/"
            rel="license noopener noreferrer"
          >
            CC BY 4.0
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
