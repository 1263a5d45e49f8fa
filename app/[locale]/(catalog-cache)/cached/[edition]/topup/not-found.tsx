export { default } from "@/app/[locale]/(shop)/topup/not-found";
