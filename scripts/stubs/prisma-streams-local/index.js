// Only `prisma dev` imports this package; the shop uses its own migrations and databases (docs/database.md).
exports.startLocalDurableStreamsServer = async () => {
  throw new Error("`prisma dev` is not part of this shop: see docs/database.md");
};
