// An address, phone number, email address or website as a link when app/lib/web/links.ts can
// make a safe one from the stored text, and as plain text when it cannot, and the entries of
// the lists that hold them: the result cards, the detail page and the contact page show them
// alike.
import type { ReactNode } from "react";
import { type AddressParts, displayUrl, formatAddress, mailtoHref, mapsSearchHref, telHref } from "~/lib/web/links";
import { textLink } from "./ui/styles";

/**
 * `children` as a text link to `href` (in a new tab when `external`); as they are without one.
 * `className`: the link's classes instead of the text link's (`null`: none, where the list
 * that holds it styles its links: a result card's).
 */
export function TextLink({
  href,
  external = false,
  className,
  children,
}: {
  href: string | null;
  external?: boolean;
  className?: string | null;
  children: ReactNode;
}) {
  if (!href) return <>{children}</>;
  const classes = className === undefined ? textLink : (className ?? undefined);
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={classes}>
      {children}
    </a>
  ) : (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}

/** A restaurant's address on one line, linked to a map search (in a new tab). */
export function AddressLink({ restaurant, className }: { restaurant: AddressParts; className?: string | null }) {
  return (
    <TextLink href={mapsSearchHref(restaurant)} external className={className}>
      {formatAddress(restaurant)}
    </TextLink>
  );
}

/** A phone number, as a tel: link. */
export function PhoneLink({ phone, className }: { phone: string; className?: string | null }) {
  return (
    <TextLink href={telHref(phone)} className={className}>
      {phone}
    </TextLink>
  );
}

/** An email address, as a mailto: link. */
export function EmailLink({ email }: { email: string }) {
  return <TextLink href={mailtoHref(email)}>{email}</TextLink>;
}

/** A website (a URL safeHttpUrl let through), shown without its scheme, in a new tab. */
export function WebsiteLink({ href, className }: { href: string; className?: string | null }) {
  return (
    <TextLink href={href} external className={className}>
      {displayUrl(href)}
    </TextLink>
  );
}

/** One entry of a contact list (a <dl>): its term (`termClassName`: "sr-only" where the value says enough) and its value. */
export function ContactEntry({
  term,
  termClassName,
  valueClassName,
  className,
  children,
}: {
  term: string;
  termClassName: string;
  valueClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className={termClassName}>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

type ContactItem = {
  term: string;
  /** Nothing (null, "") leaves the entry out. */
  value: ReactNode;
  className?: string;
  valueClassName?: string;
};

/** A contact list: the entries that have a value, each term shown in `termClassName`. */
export function ContactList({
  entries,
  termClassName,
  className,
}: {
  entries: ContactItem[];
  termClassName: string;
  className: string;
}) {
  return (
    <dl className={className}>
      {entries.map(({ term, value, ...classes }) =>
        value ? (
          <ContactEntry key={term} term={term} termClassName={termClassName} {...classes}>
            {value}
          </ContactEntry>
        ) : null,
      )}
    </dl>
  );
}
