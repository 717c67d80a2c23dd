// A page of places with their numbers of restaurants, each a link to its own page: /us (the
// states), /countries and a country's /{cc} (its subdivisions) (docs/seo.md).
import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { JsonLd } from "~/components/JsonLd";
import { restaurantsText } from "~/lib/search/result-count";
import { breadcrumbJsonLd } from "~/lib/seo/seo";
import type { loader as rootLoader } from "~/root";

type Props = {
  crumbs: { name: string; path: string }[];
  heading: string;
  intro: string;
  places: { key: string; name: string; path: string; restaurants: number }[];
  /** The list's test id, and each count's (`states`, `state-count`). */
  testId: string;
  countTestId: string;
  children?: ReactNode;
};

export function PlaceIndex({ crumbs, heading, intro, places, testId, countTestId, children }: Props) {
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      <ul className="mt-8 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
        {places.map(({ key, name, path, restaurants }) => (
          <li key={key}>
            <Link
              to={path}
              className="rounded-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {name}
            </Link>{" "}
            <span className="text-slate-700" data-testid={countTestId}>
              ({restaurantsText(restaurants, false)})
            </span>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
