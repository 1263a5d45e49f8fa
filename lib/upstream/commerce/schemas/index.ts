// Zod schemas of every commerce v2 answer, by area. Parsed records keep the upstream's field
// names; money fields become integer minor units and ids become strings.
export * from "./common";
export * from "./topup";
export * from "./esim";
export * from "./giftcards";
export * from "./orders";
export * from "./account";
export * from "./utilities";
