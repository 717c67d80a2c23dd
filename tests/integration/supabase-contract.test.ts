// The directory contract suite (directory-contract.ts, the same as D1's) on the Supabase
// adapter: real Postgres (PGlite with the migrations of supabase/migrations), reached through
// supabase-js and a small PostgREST stand-in that runs every request as `anon`.
import { createSupabaseDirectory } from "~/lib/directory/supabase.server";
import { useSupabaseBackend } from "../support/supabase";
import { describeDirectoryContract } from "./directory-contract";

const backend = useSupabaseBackend();

// A new adapter (and supabase-js client) per use, as the app makes one per request.
describeDirectoryContract("Supabase (PGlite)", () => createSupabaseDirectory(backend.api.url, backend.api.anonKey));
