/** Prisma's "unique constraint failed" (P2002): the database refused a duplicate. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
