// The notices: the spec's catalogue word for word (docs/notices.md), and two of our own.

/** A notice: a toast while JavaScript runs, a server-rendered box when it does not. */
export type Notice = {
  title: string;
  description: string;
  variant?: "default" | "destructive";
  /** Notices of one flow replace each other: 'Location found!' takes the place of 'Getting your location...'. */
  flow?: "location";
  /** Stays until the visitor closes it (a refused submission), rather than fading after a few seconds. */
  persistent?: boolean;
};

/** A notice shown as a toast, with the id it is dismissed by. */
export type ToastItem = Notice & { id: number };

export const NOTICES = {
  geolocationUnavailable: {
    title: "Geolocation unavailable",
    description: "Your browser doesn't support geolocation.",
    variant: "destructive",
    flow: "location",
  },
  locationError: {
    title: "Location error",
    description: "Unable to get your location. Please try entering it manually.",
    variant: "destructive",
    flow: "location",
  },
  locationPending: {
    title: "Getting your location...",
    description: "Please allow location access if prompted.",
    flow: "location",
  },
  locationFound: { title: "Location found!", description: "Showing nearby restaurants.", flow: "location" },
  emptySearch: {
    title: "Search Error",
    description: "Please enter a restaurant name, cuisine, or location to search.",
    variant: "destructive",
  },
  detailLoadError: {
    title: "Error",
    description: "Failed to load restaurant details. Please try again.",
    variant: "destructive",
  },
  submitSuccess: {
    title: "Thank you!",
    description: "Your restaurant submission has been received. Our team will review it shortly.",
  },
  submitFailure: {
    title: "Submission failed",
    description: "There was a problem submitting your restaurant. Please try again.",
    variant: "destructive",
    persistent: true,
  },
  // Reports and the per-client limit (docs/notices.md).
  reportSuccess: {
    title: "Thank you!",
    description: "Your report has been received. Our team will review it shortly.",
  },
  reportFailure: {
    title: "Submission failed",
    description: "There was a problem submitting your report. Please try again.",
    variant: "destructive",
    persistent: true,
  },
  // Confirmations from diners (docs/decisions/0022-confirmations-from-diners.md).
  confirmationSuccess: {
    title: "Thank you!",
    description: "Your confirmation has been received. Our team will review it shortly.",
  },
  confirmationFailure: {
    title: "Submission failed",
    description: "There was a problem submitting your confirmation. Please try again.",
    variant: "destructive",
  },
  confirmedRecently: {
    title: "Already received",
    description: "You have already told us about this restaurant recently.",
    variant: "destructive",
  },
  tooManySubmissions: {
    title: "Too many submissions",
    description: "Please wait a minute and try again.",
    variant: "destructive",
    persistent: true,
  },
  // Not in the spec's catalogue: 'Use My Location' without JavaScript (docs/search-url.md, near=me).
  approximateLocation: {
    title: "Approximate location",
    description:
      "Showing restaurants near your approximate position, taken from your internet connection. For a precise search, enter a city or ZIP code.",
  },
  connectionPositionUnknown: {
    title: "Location unavailable",
    description:
      "We couldn't tell where you are from your connection. Please enter a city, state or ZIP code to search near you.",
    variant: "destructive",
  },
} as const satisfies Record<string, Notice>;

export type NoticeKey = keyof typeof NOTICES;

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(NOTICES, value);
}
