import type { Metadata } from "next";
import { PageHeader } from "@/components/admin/shared/page-header";
import { ConfirmAction } from "@/components/admin/shared/confirm-action";
import { NewStaffForm } from "@/components/admin/staff/new-staff-form";
import { PasswordLinkAction } from "@/components/admin/staff/password-link-action";
import { RoleForm } from "@/components/admin/staff/role-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import { listStaff } from "@/lib/admin/staff";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import {
  createStaffAction,
  issuePasswordLinkAction,
  resetStaffTotpAction,
  setStaffDisabledAction,
  setStaffRoleAction,
} from "./actions";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  const me = await requireStaff("admin", "/admin/staff");
  const staff = await listStaff(db);
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use this dashboard. Admins also manage staff accounts and prices."
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardTitle>New staff account</CardTitle>
          <div className="mt-4">
            <NewStaffForm create={createStaffAction} />
          </div>
        </Card>
        <Table>
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Role</Th>
              <Th>State</Th>
              <Th>Since</Th>
              <Th>Access</Th>
            </tr>
          </thead>
          <tbody>
            {staff.map((user) => (
              <tr key={user.id}>
                <Td className="min-w-48 [overflow-wrap:anywhere]">
                  {user.email}
                  {user.name ? <span className="block text-xs text-muted">{user.name}</span> : null}
                  {user.id === me.id ? <span className="block text-xs text-muted">(you)</span> : null}
                </Td>
                <Td>
                  <RoleForm
                    userId={user.id}
                    email={user.email}
                    role={user.role === "admin" ? "admin" : "staff"}
                    save={setStaffRoleAction}
                  />
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-1">
                    {user.disabledAt ? (
                      <Badge tone="danger">disabled</Badge>
                    ) : user.hasPassword ? (
                      <Badge tone="ok">active</Badge>
                    ) : (
                      <Badge tone="warn">invited</Badge>
                    )}
                    {user.totpEnabled ? <Badge tone="ok">two-factor</Badge> : null}
                  </div>
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={user.createdAt.toISOString()} withTime={false} />
                </Td>
                <Td>
                  <div className="flex flex-col gap-2">
                    {user.disabledAt ? null : (
                      <PasswordLinkAction
                        userId={user.id}
                        email={user.email}
                        hasPassword={user.hasPassword}
                        issue={issuePasswordLinkAction}
                      />
                    )}
                    <ConfirmAction
                      action={setStaffDisabledAction}
                      hidden={{ userId: user.id, disabled: user.disabledAt ? "false" : "true" }}
                      danger={!user.disabledAt}
                      label={user.disabledAt ? "Enable" : "Disable"}
                      ariaLabel={user.disabledAt ? `Enable ${user.email}` : `Disable ${user.email}`}
                      title={user.disabledAt ? `Enable ${user.email}?` : `Disable ${user.email}?`}
                      description={
                        user.disabledAt
                          ? "They can sign in again with their password."
                          : "They are signed out at once and cannot sign in until enabled again."
                      }
                      confirmLabel={user.disabledAt ? "Enable" : "Disable"}
                      pendingText="Saving…"
                    />
                    {user.totpEnabled && user.id !== me.id ? (
                      <ConfirmAction
                        action={resetStaffTotpAction}
                        hidden={{ userId: user.id }}
                        danger
                        label="Remove two-factor"
                        ariaLabel={`Remove two-factor of ${user.email}`}
                        title={`Remove two-factor sign-in of ${user.email}?`}
                        description="For a lost phone and lost recovery codes. They are signed out, sign in with their password alone, and set two-factor up again."
                        confirmLabel="Remove two-factor"
                        pendingText="Removing…"
                      />
                    ) : null}
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
