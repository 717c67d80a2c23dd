// The pages that are only text (Our Mission, Privacy Policy, Terms of Service): a route gives
// what its page says about itself and its text, and takes its `meta` and its page from
// textDocument. And the section the two legal pages close with: where to ask about them.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StaticPage, textPageMeta, type TextPage } from "./StaticPage";
import { textLink } from "./ui/styles";

/** A text page's route exports: its `meta`, and its page (the default export). */
export function textDocument(page: TextPage, text: ReactNode) {
  return {
    meta: textPageMeta(page),
    Page: function TextDocument() {
      return <StaticPage page={page}>{text}</StaticPage>;
    },
  };
}

/** The last section of a legal page: `question`, then where to ask it. */
export function ContactSection({ question }: { question: string }) {
  return (
    <>
      <h2>Contact</h2>
      <p>
        {`${question} Reach our support team through the `}
        <Link to="/contact-us" className={textLink}>
          Contact Us
        </Link>{" "}
        page.
      </p>
    </>
  );
}
