export { default, generateMetadata } from "@/app/[locale]/(shop)/not-found";
