// Restaurant detail: the restaurant and its photos, read in parallel; 'Restaurant Not
// Found' with HTTP 404 for a malformed id (before any query) or a missing row; a closed
// restaurant's page with HTTP 410, its 'Permanently closed' banner and noindex.
import { SaveControl } from "~/components/SaveControl";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { ReportProblemLink } from "~/components/ReportProblemLink";
import { PhotoGrid } from "~/components/PhotoGrid";
import { FromDiners } from "~/components/FromDiners";
import { ServerNotice } from "~/components/ServerNotice";
import { takeFlash } from "~/lib/web/flash.server";
import { AddressLink, ContactList, EmailLink, PhoneLink, TextLink, WebsiteLink } from "~/components/ContactLinks";
import { ErrorPage, GeneralErrorBoundary, restaurantNotFound } from "~/components/GeneralErrorBoundary";
import { JsonLd } from "~/components/JsonLd";
import { OpeningHours } from "~/components/OpeningHours";
import { DIETS, DIET_ACCOMMODATION_LABELS, dietsOf, type Diet } from "~/lib/search/diet";
import { claimCheckedText, unbackedClaims } from "~/lib/trust/claims";
import { directoryFor, dinersOf, guard } from "~/lib/directory/index.server";
import type { Photo, Restaurant } from "~/lib/directory/restaurant-rows";
import { directionsHref, formatAddress, safeHttpUrl, safeImageSrc } from "~/lib/web/links";
import { cityPath, landingPlaceOf, statePath } from "~/lib/seo/landing";
import { NOTICES } from "~/lib/web/notices";
import { EDGE_POLICY, loaderCacheControl, pagePolicy } from "~/lib/web/cache-control";
import { hoursOnClock, openStateOf, openingHoursSpecification } from "~/lib/hours/hours";
import { clockOf } from "~/lib/world/countries";
import { addressLine, internationalPhone, isAbroad } from "~/lib/world/reading";
import { notFound, parseRestaurantId } from "~/lib/web/route.server";
import { stateName } from "~/lib/places/places";
import { breadcrumbJsonLd, pageMeta, restaurantJsonLd } from "~/lib/seo/seo";
import { pageTitle, siteNameOf } from "~/lib/web/site";
import type { loader as rootLoader } from "~/root";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { CeliacSafetyCard, ClosedBanner, StaleWarning } from "~/components/TrustFacts";
import { VerifiedNote } from "~/components/VerifiedNote";
import { TRUST_TEXT, dedicatedDiets, dedicatedLabel, todayUtc } from "~/lib/trust/trust";
import { type ReactNode } from "react";

export const MAX_PHOTOS = 5;

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, "Restaurant Not Found") }];
  const { restaurant, photos } = data;
  const tags = pageMeta(matches, {
    title: pageTitle(matches, restaurant.name),
    description: restaurant.description ?? `${restaurant.name} on ${siteNameOf(matches)}`,
    path: `/restaurant/${restaurant.id}`,
    // Link previews show the first photo.
    image: photos[0]?.src ?? null,
    imageAlt: photos[0] ? `${restaurant.name}, photo 1 of ${photos.length}` : undefined,
  });
  // A closed place is kept for those who saved its link, not offered to search engines.
  return restaurant.closedAt ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

/**
 * The spec's breadcrumb "Home / Restaurant", with the restaurant's state and city pages
 * between its two ends when it has them: Home / Oregon / Portland / Restaurant. Search
 * engines get the same trail with the restaurant's name as its last step.
 */
function trailOf(restaurant: Restaurant) {
  const place = landingPlaceOf(restaurant);
  const between = place
    ? [
        { name: stateName(place.state), path: statePath(place.state) },
        { name: place.city, path: cityPath(place.state, place.slug) },
      ]
    : [];
  const page = `/restaurant/${restaurant.id}`;
  return {
    shown: [{ name: "Home", path: "/" }, ...between, { name: "Restaurant", path: page }],
    structured: [{ name: "Home", path: "/" }, ...between, { name: restaurant.name, path: page }],
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseRestaurantId(params.id);
  if (id === null) notFound();
  const directory = directoryFor(context);
  const photosPromise = directory.listPhotos(id, MAX_PHOTOS).then(
    (photos) => ({ photos, photosFailed: false }),
    (error: unknown) => {
      console.error(`Unable to load restaurant photos: ${error instanceof Error ? error.message : String(error)}`);
      return { photos: [] as Photo[], photosFailed: true };
    },
  );
  const [restaurant, { photos, photosFailed }, diners, flash] = await Promise.all([
    guard(directory.getRestaurant(id)),
    photosPromise,
    dinersOf(directory, id, new Date()),
    takeFlash(request),
  ]);
  if (!restaurant) notFound();
  // Only photos whose address is safe to put in an <img>.
  const shown = photos.flatMap((photo) => {
    const src = safeImageSrc(photo.url);
    return src ? [{ id: photo.id, src }] : [];
  });
  // Open or closed at this moment, in the restaurant's own time zone (null: unknown hours).
  const openState = openStateOf(restaurant, new Date());
  // A page missing its photos through a fault is not worth keeping, and a page with a one-time
  // notice (e.g. after 'Report a problem') is this visitor's alone.
  const cacheControl =
    photosFailed || !diners || flash.headers ? EDGE_POLICY.never : pagePolicy({ showsOpenState: openState !== null });
  // Closed for good: the page still answers, with 410 Gone. `today` decides whether the last
  // confirmation is over a year old, once, on the server.
  return data(
    {
      restaurant,
      photos: shown,
      today: todayUtc(),
      openState,
      openingHours: openingHoursSpecification(restaurant.hoursOfOperation),
      notice: flash.notice,
      diners,
      // A name or description that claims '100%' where the listing does not: the page says which
      // one the team checked (app/lib/trust/claims.ts).
      claimChecks: claimChecksOf(restaurant),
      abroad: readingAbroad(restaurant),
    },
    { status: restaurant.closedAt ? 410 : 200, headers: { ...flash.headers, "Cache-Control": cacheControl } },
  );
}

/**
 * How a restaurant outside the US reads (app/lib/world/): its address in its country's order
 * with the country's name, its phone number in international form (E.164 in the tel: link), its
 * hours on the country's clock. Null in the US, whose page shows the stored text as written.
 */
function readingAbroad(restaurant: Restaurant) {
  if (!isAbroad(restaurant.country)) return null;
  return {
    address: addressLine(restaurant),
    phone: internationalPhone(restaurant.phoneNumber, restaurant.country) ?? restaurant.phoneNumber,
    hours: hoursOnClock(restaurant.hoursOfOperation, clockOf(restaurant.country)),
  };
}

/** Per diet, the line that says the team checked the listing, where its name or description claims more. */
function claimChecksOf(restaurant: Restaurant): Partial<Record<Diet, string>> {
  const only = new Set(dedicatedDiets(restaurant));
  const claimed = unbackedClaims(
    `${restaurant.name} ${restaurant.description ?? ""}`,
    Object.fromEntries(DIETS.map((diet) => [diet, only.has(diet)])) as Record<Diet, boolean>,
  );
  return Object.fromEntries(claimed.map((diet) => [diet, claimCheckedText(diet)]));
}

/** A heading's id: 'card-dietary-accommodations' (an id holds no spaces). */
export function cardId(title: string): string {
  return `card-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={cardId(title)}
    >
      <h2 id={cardId(title)} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-800">{children}</div>
    </section>
  );
}

function AccommodationList({
  restaurant,
  claimChecks,
}: {
  restaurant: Restaurant;
  claimChecks: Partial<Record<Diet, string>>;
}) {
  const has = new Set(dietsOf(restaurant));
  const only = new Set(dedicatedDiets(restaurant));
  return (
    <ul className="space-y-2">
      {DIETS.map((diet) => (
        <li key={diet} className="flex items-start gap-2" data-testid={`accommodation-${diet}`}>
          {has.has(diet) ? (
            <span
              className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-xs text-white"
              aria-hidden="true"
            >
              ✓
            </span>
          ) : (
            <span
              className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs text-slate-700"
              aria-hidden="true"
            >
              ✕
            </span>
          )}
          <span className="min-w-0">
            <span className={has.has(diet) ? "font-medium" : "text-slate-600 line-through decoration-slate-400"}>
              {only.has(diet) ? dedicatedLabel(diet) : DIET_ACCOMMODATION_LABELS[diet]}
            </span>
            <span className="sr-only">{has.has(diet) ? ": yes" : ": no"}</span>
            {has.has(diet) && !only.has(diet) ? (
              <span className="block text-sm text-slate-700" data-testid={`options-only-${diet}`}>
                {TRUST_TEXT.optionsOnly}
              </span>
            ) : null}
            {claimChecks[diet] ? (
              <span className="block text-sm text-amber-900" data-testid={`claim-checked-${diet}`}>
                {claimChecks[diet]}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function RestaurantDetail() {
  const { restaurant, photos, today, openState, openingHours, notice, diners, claimChecks, abroad } =
    useLoaderData<typeof loader>();
  // Abroad, the address as the loader wrote it in the country's order (one line, the maps links' query too).
  const where = abroad ? { address: abroad.address } : restaurant;
  const address = formatAddress(where);
  const phone = abroad ? abroad.phone : restaurant.phoneNumber;
  const directions = directionsHref(where);
  const website = safeHttpUrl(restaurant.websiteUrl);
  const menu = safeHttpUrl(restaurant.menuUrl);
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const trail = trailOf(restaurant);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={trail.shown} />
      {/* The notice (without JavaScript) spans the page's column, as the rest of the page does. */}
      <div className="[&_[data-testid=server-notice]]:max-w-none">
        <ServerNotice notice={notice} />
      </div>
      {/* A closed place is no longer a Restaurant to describe to search engines (the page is noindex). */}
      {restaurant.closedAt ? null : (
        <JsonLd
          data={restaurantJsonLd(origin, restaurant, {
            path: `/restaurant/${restaurant.id}`,
            photos: photos.map((p) => p.src),
            openingHours,
          })}
        />
      )}
      <JsonLd data={breadcrumbJsonLd(origin, trail.structured)} />
      <ClosedBanner restaurant={restaurant} />

      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{restaurant.name}</h1>
          {address ? (
            <p className="mt-2 text-slate-700">
              <AddressLink restaurant={where} />
            </p>
          ) : null}
          {restaurant.cuisineType ? (
            <p className="mt-1 font-medium text-slate-800" data-testid="detail-cuisine">
              {restaurant.cuisineType}
            </p>
          ) : null}
          <VerifiedNote restaurant={restaurant} className="mt-2 text-sm" />
          <StaleWarning restaurant={restaurant} today={today} />
          <SaveControl id={restaurant.id} name={restaurant.name} className="mt-2 -ml-2" />
        </div>
        {directions && !restaurant.closedAt ? (
          <a href={directions} target="_blank" rel="noopener noreferrer" className={primaryButton}>
            Get Directions
          </a>
        ) : null}
      </header>

      <div className="mt-6">
        <PhotoGrid name={restaurant.name} photos={photos} />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card title="Dietary Accommodations">
          {restaurant.cuisineType ? (
            <p className="mb-3 inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
              {restaurant.cuisineType}
            </p>
          ) : null}
          <AccommodationList restaurant={restaurant} claimChecks={claimChecks} />
        </Card>
        <Card title="Hours of Operation">
          <OpeningHours hours={abroad ? abroad.hours : restaurant.hoursOfOperation} state={openState} />
          {menu ? (
            <p className="mt-3">
              <TextLink href={menu} external>
                View Menu
              </TextLink>
            </p>
          ) : null}
        </Card>
        <Card title="Contact Information">
          <ContactList
            className="space-y-2 text-sm"
            termClassName="font-semibold"
            entries={[
              { term: "Address", value: address },
              { term: "Phone", value: phone && <PhoneLink phone={phone} /> },
              {
                term: "Email",
                value: restaurant.emailAddress && <EmailLink email={restaurant.emailAddress} />,
                valueClassName: "break-all",
              },
              // A website that is not a safe link is shown as text.
              {
                term: "Website",
                value: website ? <WebsiteLink href={website} /> : restaurant.websiteUrl,
                valueClassName: "break-all",
              },
            ]}
          />
        </Card>
        <CeliacSafetyCard restaurant={restaurant} />
      </div>

      <FromDiners restaurantId={restaurant.id} diners={diners} closed={restaurant.closedAt !== null} />

      {restaurant.description ? (
        <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">About {restaurant.name}</h2>
          <p className="mt-3 whitespace-pre-line text-slate-800">{restaurant.description}</p>
        </section>
      ) : null}

      {website || menu ? (
        <div className="mt-8 flex flex-wrap gap-3">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer" className={primaryButton}>
              Visit Website
            </a>
          ) : null}
          {menu ? (
            <a href={menu} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
              View Menu
            </a>
          ) : null}
        </div>
      ) : null}

      {/* A closed restaurant has nothing left to report (its form answers 410). */}
      {restaurant.closedAt ? null : <ReportProblemLink restaurantId={restaurant.id} />}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      action="Return to Homepage"
      statusHandlers={{
        404: restaurantNotFound,
        // The spec's detail load error: the backend failed (guard() answers 503).
        503: () => (
          <ErrorPage
            alert
            title={NOTICES.detailLoadError.title}
            message={NOTICES.detailLoadError.description}
            action="Return to Homepage"
          />
        ),
      }}
    />
  );
}
