export { default } from "@/app/[locale]/(shop)/giftcards/not-found";
