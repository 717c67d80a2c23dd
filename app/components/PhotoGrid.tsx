// The restaurant page's photos: up to five, the first large. A photo that fails to load (a
// dead link, an unreachable host) becomes a placeholder box in its place, and with none left
// the spec's no-photos text covers the grid: nothing moves on the page (no layout shift),
// whatever fails and when; without JavaScript the same box shows (the .photo-fallback rule).
import { useCallback, useEffect, useRef, useState } from "react";

const NO_PHOTOS = "No photos available for this restaurant";

export function PhotoGrid({ name, photos }: { name: string; photos: { id: number; src: string }[] }) {
  // Photos that failed to load (a dead link, an unreachable host) become placeholder boxes in
  // their place, and with none left the no-photos text covers the grid: nothing moves on the
  // page (no layout shift), whatever fails and when.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const markFailed = useCallback((id: number) => setFailed((before) => new Set(before).add(id)), []);
  if (photos.length === 0) {
    return (
      <div
        className="flex h-48 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-slate-700"
        data-testid="no-photos"
      >
        {NO_PHOTOS}
      </div>
    );
  }
  const allFailed = photos.every((photo) => failed.has(photo.id));
  const shown = photos.filter((photo) => !failed.has(photo.id));
  return (
    <div className="relative">
      <div
        className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:grid-rows-2"
        data-testid={allFailed ? undefined : "photo-grid"}
        aria-hidden={allFailed ? true : undefined}
      >
        {photos.map((photo, index) => (
          <div
            key={photo.id}
            className={`photo-tile overflow-hidden rounded-xl bg-slate-200 ${index === 0 ? "col-span-2 sm:row-span-2" : ""}`}
          >
            {failed.has(photo.id) ? (
              <div className="aspect-4/3 h-full w-full rounded-xl border border-dashed border-slate-300 bg-slate-50" />
            ) : (
              <Photo
                id={photo.id}
                src={photo.src}
                alt={`${name}, photo ${shown.indexOf(photo) + 1} of ${shown.length}`}
                first={index === 0}
                onFailed={markFailed}
              />
            )}
          </div>
        ))}
      </div>
      {allFailed ? (
        <div
          className="absolute inset-0 flex items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-slate-700"
          data-testid="no-photos"
        >
          {NO_PHOTOS}
        </div>
      ) : null}
    </div>
  );
}

function Photo({
  id,
  src,
  alt,
  first,
  onFailed,
}: {
  id: number;
  src: string;
  alt: string;
  first: boolean;
  onFailed: (id: number) => void;
}) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    // decode() rejects for a broken image (and not for an SVG without a natural size).
    const element = image.current;
    if (element?.complete) element.decode().catch(() => onFailed(id));
  }, [id, onFailed]);
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      width={800}
      height={600}
      loading={first ? "eager" : "lazy"}
      // The large first photo is the page's largest paint: fetch it first.
      {...(first ? { fetchpriority: "high" } : {})}
      decoding="async"
      onError={() => onFailed(id)}
      // Without JavaScript, a photo that fails shows this box instead of a broken-image icon
      // (the .photo-fallback rule in app/tailwind.css); a lone photo's says the no-photos text.
      data-fallback={NO_PHOTOS}
      className="photo-fallback aspect-4/3 h-full w-full object-cover"
    />
  );
}
