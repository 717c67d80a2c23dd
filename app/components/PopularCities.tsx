// The home page before a search: a way into the landing pages, the cities with the most
// restaurants (each a link to its page, with its count) and every state (/us).
import { Link } from "@remix-run/react";
import { textLink } from "./ui/styles";

/** A city as the loader hands it: its landing page's path made on the server (app/lib/seo/landing.ts). */
export type PopularCity = { state: string; name: string; path: string; restaurants: number };

export function PopularCities({ cities }: { cities: PopularCity[] }) {
  if (cities.length === 0) return null;
  return (
    <section aria-labelledby="popular-cities-title" className="mt-12" data-testid="popular-cities">
      <h2 id="popular-cities-title" className="text-2xl font-bold text-slate-900">
        Browse by city
      </h2>
      {/* The count's colour is the list's (the links have their own), so that it needs no
          element; each text is one string, so that React writes no <!-- --> between parts. */}
      <ul className="mt-4 grid gap-x-6 gap-y-2 text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
        {cities.map((city) => (
          <li key={city.path}>
            <Link to={city.path} className={`${textLink} font-medium`}>
              {`${city.name}, ${city.state}`}
            </Link>
            {` (${city.restaurants})`}
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to="/us" className={`${textLink} font-medium`}>
          Every state
        </Link>
      </p>
    </section>
  );
}
