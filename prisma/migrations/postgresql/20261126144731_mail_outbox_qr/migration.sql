-- AlterTable
ALTER TABLE "MailOutbox" ADD COLUMN     "qrText" TEXT;
