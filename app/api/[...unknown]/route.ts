import { NextResponse } from "next/server";

// An /api address no route matches. Without this route the buyer pages' [locale] segment would
// take it (as the language "api") and Next.js would answer its bare HTML 404; a program calling
// the API gets a machine-readable 404 instead, whatever the method.
function notFound() {
  return NextResponse.json(
    { error: { code: "NOT_FOUND", message: "There is no API endpoint at this address." } },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
