// The search at the top of the home page: the hero with its heading and tagline, or, once
// there are results to show (`compact`), folded into one line (docs/layout.md).
import type { Search } from "~/lib/search/search-url";
import { isEmptySearch } from "~/lib/search/search-url";
import type { CoordsNaming } from "~/lib/places/nearest-place";
import { SearchDisclosure } from "./Disclosures";
import { SearchForm } from "./SearchForm";

const HEADING = "Find restaurants that fit your diet";

export function SearchHero({ search, naming, compact }: { search: Search; naming: CoordsNaming; compact: boolean }) {
  if (compact) {
    return (
      <section className="bg-emerald-800 px-4 py-3">
        <h1 className="sr-only">{HEADING}</h1>
        <div className="mx-auto max-w-5xl">
          <SearchDisclosure search={search} naming={naming} open={isEmptySearch(search)}>
            <SearchForm search={search} />
          </SearchDisclosure>
        </div>
      </section>
    );
  }
  return (
    <section className="bg-[linear-gradient(var(--color-emerald-800),var(--color-emerald-700))] px-4 pt-8 pb-8 text-white sm:pt-14 sm:pb-10">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{HEADING}</h1>
        <p className="mt-2 max-w-2xl text-emerald-50">
          Search gluten-free, dairy-free, vegetarian and vegan friendly restaurants by name, cuisine or place.
        </p>
        <div className="mt-4 sm:mt-6">
          <SearchForm search={search} />
        </div>
      </div>
    </section>
  );
}
