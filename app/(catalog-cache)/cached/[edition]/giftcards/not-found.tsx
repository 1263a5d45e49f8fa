export { default } from "@/app/(shop)/giftcards/not-found";
