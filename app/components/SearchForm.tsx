// The search hero: a GET form to '/', so it works without JavaScript and every search is
// a bookmarkable URL. 'Use My Location' submits near=me (the connection's approximate
// position, found by the server); with JavaScript it asks the browser for the position
// instead, and the empty-search notice shows without a round trip.
import { Form, useNavigate } from "@remix-run/react";
import { useRef, useState, type FormEvent, type MouseEvent } from "react";
import { NOTICES } from "~/lib/web/notices";
import { roundCoordinate } from "~/lib/places/places";
import { rememberCoords } from "~/lib/map/map-area";
import { RADIUS_OPTIONS, type Search, CURRENT_LOCATION, parseRadius, searchHref } from "~/lib/search/search-url";
import { useToast } from "./ui/toast";
import { fieldLabel, inputField } from "./ui/form";
import { focusRing, primaryButton, secondaryButton } from "./ui/styles";

export function SearchForm({ search }: { search: Search }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const radiusRef = useRef<HTMLSelectElement>(null);
  const [useCoords, setUseCoords] = useState(Boolean(search.coords));
  // A new URL's coordinates are used again: reset while rendering, not in an effect, so the
  // form never renders once with the previous URL's choice.
  const [coordsOfUrl, setCoordsOfUrl] = useState(search.coords);
  if (coordsOfUrl !== search.coords) {
    setCoordsOfUrl(search.coords);
    setUseCoords(Boolean(search.coords));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const q = queryRef.current?.value.trim() ?? "";
    const location = locationRef.current?.value.trim() ?? "";
    if (!q && !location && !search.cuisine && !(useCoords && search.coords)) {
      // An empty search: no search runs (docs/search-url.md).
      event.preventDefault();
      toast(NOTICES.emptySearch);
    }
  }

  function useMyLocation(event: MouseEvent<HTMLButtonElement>) {
    // Without JavaScript this button submits near=me: the server's approximate position.
    event.preventDefault();
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      toast(NOTICES.geolocationUnavailable);
      return;
    }
    toast(NOTICES.locationPending);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // Three decimals (about 100 m): enough for a search, kinder to privacy and the cache.
        const coords = {
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        };
        if (locationRef.current) locationRef.current.value = CURRENT_LOCATION;
        setUseCoords(true);
        // This tab says 'your location' for them; a link to the search names the nearest place.
        rememberCoords("mine", coords);
        toast(NOTICES.locationFound);
        navigate(
          searchHref(search, {
            query: queryRef.current?.value.trim() ?? search.query,
            location: "",
            coords,
            radius: parseRadius(radiusRef.current?.value ?? null),
          }),
        );
      },
      () => toast(NOTICES.locationError),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }

  const locationValue = search.location || (search.coords ? CURRENT_LOCATION : "");
  // Remount the uncontrolled inputs when the URL's search changes (back/forward, links).
  const formKey = `${search.query}\u0000${locationValue}\u0000${search.radius}`;

  return (
    <Form
      method="get"
      action="/"
      role="search"
      aria-label="Search restaurants"
      onSubmit={onSubmit}
      key={formKey}
      className="w-full"
    >
      {/* On a phone the radius sits beside the place, to keep the form short. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:p-5 md:grid-cols-[1fr_1fr_auto]">
        <div className="col-span-2 md:col-span-1">
          <label htmlFor="search-q" className={fieldLabel}>
            Restaurant or cuisine
          </label>
          <input
            ref={queryRef}
            id="search-q"
            name="q"
            type="search"
            defaultValue={search.query}
            maxLength={200}
            placeholder="e.g. Thai, pizza, Green Leaf"
            className={inputField}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <div>
          <label htmlFor="search-location" className={fieldLabel}>
            City, state or zip
          </label>
          <input
            ref={locationRef}
            id="search-location"
            name="location"
            type="text"
            defaultValue={locationValue}
            maxLength={200}
            placeholder="e.g. Portland, OR"
            className={inputField}
            autoComplete="address-level2"
            enterKeyHint="search"
            onChange={(event) => {
              if (event.currentTarget.value !== CURRENT_LOCATION) setUseCoords(false);
            }}
          />
        </div>
        <div className="w-32">
          <label htmlFor="search-radius" className={fieldLabel}>
            Radius
          </label>
          <select
            ref={radiusRef}
            id="search-radius"
            name="radius"
            defaultValue={String(search.radius)}
            className={`${inputField} h-11.5`}
          >
            {RADIUS_OPTIONS.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </select>
        </div>
        {search.cuisine ? <input type="hidden" name="cuisine" value={search.cuisine} /> : null}
        {search.diets.map((diet) => (
          <input key={diet} type="hidden" name="diet" value={diet} />
        ))}
        {search.diets.length > 0 && search.match === "all" ? <input type="hidden" name="match" value="all" /> : null}
        {useCoords && search.coords ? (
          <>
            <input type="hidden" name="lat" value={search.coords.lat} />
            <input type="hidden" name="lng" value={search.coords.lng} />
          </>
        ) : null}
        <div className="col-span-2 flex flex-col gap-3 sm:flex-row md:col-span-3 md:justify-end">
          {/* Search comes first: Enter in a text box presses the form's first submit button. */}
          <button type="submit" className={`${primaryButton} sm:min-w-32 ${focusRing}`}>
            Search
          </button>
          <button
            type="submit"
            name="near"
            value="me"
            onClick={useMyLocation}
            className={`${secondaryButton} order-first`}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="12" cy="12" r="3" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
              <circle cx="12" cy="12" r="7" />
            </svg>
            Use My Location
          </button>
        </div>
      </div>
    </Form>
  );
}
