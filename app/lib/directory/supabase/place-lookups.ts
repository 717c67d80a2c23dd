/** The arguments of public.resolve_place. */
export function placeArgs(lookup: PlaceLookup) {
  switch (lookup.kind) {
    case "zip":
      return { p_zip: lookup.zip, p_key: null, p_state: null };
    case "place":
      return { p_zip: null, p_key: lookup.key, p_state: lookup.state };
    case "name":
      return { p_zip: null, p_key: lookup.key, p_state: null };
  }
}
