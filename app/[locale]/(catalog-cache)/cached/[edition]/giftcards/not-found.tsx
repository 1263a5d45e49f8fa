export { default, generateMetadata } from "@/app/[locale]/(shop)/giftcards/not-found";
