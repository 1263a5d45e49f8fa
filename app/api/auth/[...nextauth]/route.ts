import { NextResponse, type NextRequest } from "next/server";
import { handlers } from "@/lib/auth/config";
import { authEndpointOf, authEndpointProblem, authErrorPagePath } from "@/lib/auth/endpoints";
import { env } from "@/lib/env";

// Auth.js's endpoints, only those the shop's sign-in uses (lib/auth/endpoints.ts): anything else
// under /api/auth is a 404 or 405 with a code, never Auth.js's error page (a 500). Its error
// endpoint sends the browser to the shop's own error page with a known code only.
async function answer(request: NextRequest, method: "GET" | "POST"): Promise<Response> {
  const problem = authEndpointProblem(method, request.nextUrl.pathname);
  if (problem) {
    const headers: Record<string, string> = { "cache-control": "no-store" };
    if (problem.allow) headers.allow = problem.allow;
    return NextResponse.json(
      { error: { code: problem.code, message: problem.message } },
      { status: problem.status, headers },
    );
  }
  if (authEndpointOf(request.nextUrl.pathname) === "error") {
    return NextResponse.redirect(
      new URL(authErrorPagePath(request.nextUrl.searchParams.get("error")), env.APP_URL),
      302,
    );
  }
  return method === "GET" ? handlers.GET(request) : handlers.POST(request);
}

export const GET = (request: NextRequest) => answer(request, "GET");
export const POST = (request: NextRequest) => answer(request, "POST");
