// An address, phone number or email address as a link when app/lib/web/links.ts can make a safe
// one from the stored text, and as plain text when it cannot: the result cards, the detail
// page and the contact page show them alike.
import type { ReactNode } from "react";
import type { Restaurant } from "~/lib/directory/port";
import { formatAddress, mailtoHref, mapsSearchHref, telHref } from "~/lib/web/links";
import { textLink } from "./ui/styles";

/** `children` as a text link to `href` (in a new tab when `external`); as they are without one. */
export function TextLink({
  href,
  external = false,
  children,
}: {
  href: string | null;
  external?: boolean;
  children: ReactNode;
}) {
  if (!href) return <>{children}</>;
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={textLink}>
      {children}
    </a>
  ) : (
    <a href={href} className={textLink}>
      {children}
    </a>
  );
}

/** A restaurant's address on one line, linked to a map search (in a new tab). */
export function AddressLink({ restaurant }: { restaurant: Restaurant }) {
  return (
    <TextLink href={mapsSearchHref(restaurant)} external>
      {formatAddress(restaurant)}
    </TextLink>
  );
}

/** A phone number, as a tel: link. */
export function PhoneLink({ phone }: { phone: string }) {
  return <TextLink href={telHref(phone)}>{phone}</TextLink>;
}

/** An email address, as a mailto: link. */
export function EmailLink({ email }: { email: string }) {
  return <TextLink href={mailtoHref(email)}>{email}</TextLink>;
}
