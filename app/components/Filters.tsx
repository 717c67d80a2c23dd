// The dietary and cuisine buttons: plain links to search URLs, so they work without
// JavaScript and keep every other search parameter. A landing page passes its own links
// (hrefFor): its landing pages where there is one, search URLs otherwise.
import { Link, useNavigation } from "@remix-run/react";
import { DIETS, DIET_LABELS, toggleDiet, type Diet, type MatchMode } from "~/lib/search/diet";
import { type Search, searchHref } from "~/lib/search/search-url";
import { focusRing, pill, Spinner } from "./ui/styles";

function Check() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" fill="currentColor">
      <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 9.4-9.4L15.6 5.2z" />
    </svg>
  );
}

/** With two or more diets: whether a restaurant needs any of them or all. */
const MATCH_CHOICES = [
  ["any", "any selected option"],
  ["all", "all selected options"],
] as const satisfies readonly (readonly [MatchMode, string])[];

export function DietFilter({
  search,
  hrefFor = (diets) => searchHref(search, { diets }),
}: {
  search: Search;
  /** Where choosing a diet set leads. */
  hrefFor?: (diets: Diet[]) => string;
}) {
  const isAll = search.diets.length === 0;
  const options: { value: Diet | "all"; label: string; selected: boolean }[] = [
    { value: "all", label: "All", selected: isAll },
    ...DIETS.map((diet) => ({ value: diet, label: DIET_LABELS[diet], selected: search.diets.includes(diet) })),
  ];
  return (
    <nav aria-label="Dietary filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Dietary needs</h2>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={hrefFor(toggleDiet(search.diets, option.value))}
              className={pill(option.selected)}
              aria-current={option.selected ? "true" : undefined}
              preventScrollReset
              data-testid={`diet-${option.value}`}
            >
              {option.selected ? <Check /> : null}
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
      {search.diets.length > 1 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span id="match-label">Show restaurants with</span>
          {MATCH_CHOICES.map(([match, label]) => (
            <Link
              key={match}
              to={searchHref(search, { match })}
              className={`rounded px-2 py-1 ${focusRing} ${search.match === match ? "bg-slate-800 text-white" : "text-emerald-800 underline"}`}
              aria-current={search.match === match ? "true" : undefined}
              preventScrollReset
            >
              {label}
            </Link>
          ))}
        </p>
      ) : null}
    </nav>
  );
}

export function CuisineFilter({
  search,
  cuisines,
  hrefFor = (cuisine) => searchHref(search, { cuisine }),
}: {
  search: Search;
  cuisines: string[];
  /** Where choosing a cuisine ('' for All Cuisines) leads. */
  hrefFor?: (cuisine: string) => string;
}) {
  const navigation = useNavigation();
  // The link being followed, if any: its spinner shows while the next page loads.
  const pendingHref =
    navigation.state === "loading" ? `${navigation.location.pathname}${navigation.location.search}` : null;
  const options = [{ value: "", label: "All Cuisines" }, ...cuisines.map((name) => ({ value: name, label: name }))];
  return (
    <nav aria-label="Cuisine filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Cuisine</h2>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = search.cuisine === option.value;
          const href = hrefFor(option.value);
          const loading = !selected && pendingHref === href;
          return (
            <li key={option.value || "all"}>
              <Link
                to={href}
                className={pill(selected)}
                aria-current={selected ? "true" : undefined}
                preventScrollReset
              >
                {loading ? <Spinner label={`Loading ${option.label}`} /> : selected ? <Check /> : null}
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
