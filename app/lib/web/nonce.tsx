// The CSP nonce of the current response, handed from entry.server to the document's
// <Scripts> and <ScrollRestoration>. In the browser it is an empty string.
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
