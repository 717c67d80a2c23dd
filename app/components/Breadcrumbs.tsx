// The trail of links above a page's heading (restaurant and landing pages); its structured
// twin is breadcrumbJsonLd in app/lib/seo/seo.ts.
import { Link } from "@remix-run/react";
import { textLink } from "./ui/styles";

/** Every crumb but the last is a link; the last is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-2">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index < crumbs.length - 1 ? (
              <Link to={crumb.path} className={textLink}>
                {crumb.name}
              </Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
