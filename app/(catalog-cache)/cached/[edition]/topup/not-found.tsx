export { default } from "@/app/(shop)/topup/not-found";
