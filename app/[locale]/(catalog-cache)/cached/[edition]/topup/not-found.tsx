export { default, generateMetadata } from "@/app/[locale]/(shop)/topup/not-found";
