export { default, generateMetadata } from "@/app/[locale]/(shop)/esim/not-found";
