export { default } from "@/app/(shop)/not-found";
