export { default } from "@/app/[locale]/(shop)/not-found";
