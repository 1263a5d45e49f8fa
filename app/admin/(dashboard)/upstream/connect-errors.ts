/** The callback's result codes (?connect_error=…) in words for the page. */
export const CONNECT_ERROR_MESSAGES: Record<string, string> = {
  NO_PENDING_CONNECT: "There was no connection in progress. Start again with “Connect account”.",
  CONNECT_NOT_YOURS:
    "That sign-in answer belongs to a connection started by another admin or in another browser. Start again.",
  CONNECT_EXPIRED: "The connection took longer than 10 minutes. Start again.",
  ACCESS_DENIED: "Access was denied on the upstream's consent page: nothing was connected.",
  BAD_CALLBACK: "The sign-in answer did not match the request (state or issuer). Nothing was connected. Start again.",
  invalid_grant: "The authorization code was refused (expired or already used). Start again.",
};

export function connectErrorMessage(code: string): string {
  return (
    CONNECT_ERROR_MESSAGES[code] ??
    `The connection failed (${code}). Start again, and check Connection health below if it keeps failing.`
  );
}
