import type { ValidateInviteInput } from '@funnelry/shared'

/** The sign-up and log-in screens' query keys: reads made before there is a session. */
export const authKeys = {
  all: ['auth'] as const,
  validateInvite: ({ email, token }: ValidateInviteInput) => [...authKeys.all, 'validate-invite', email, token] as const,
  businessIndustries: () => [...authKeys.all, 'business-industries'] as const,
  staffMembers: () => [...authKeys.all, 'staff-members'] as const,
}
