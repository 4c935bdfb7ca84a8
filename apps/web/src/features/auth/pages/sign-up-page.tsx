import { messages } from '@funnelry/shared'
import { LinearProgress } from '@mui/material'
import { useEffect } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { nonFieldError } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useValidateInvite } from '../api/validate-invite'
import { AuthLayout } from '../components/auth-layout'
import { SignUpForm } from '../components/sign-up-form'

/** Sign-up is reached only through an invitation link carrying email and token (spec section 2). */
export default function SignUpPage() {
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email')
  const token = searchParams.get('token')
  if (!email || !token) return <Navigate to={paths.login.href()} replace />
  return <InvitedSignUp email={email} token={token} />
}

function InvitedSignUp({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate()
  const invitation = useValidateInvite({ email, token })

  useEffect(() => {
    if (!invitation.isError) return
    // Spec section 8: an error toast, then back to log-in without keeping the link in history.
    toast(nonFieldError(invitation.error) ?? messages.invitationInvalid, 'error')
    navigate(paths.login.href(), { replace: true })
  }, [invitation.isError, invitation.error, navigate])

  return (
    <AuthLayout title="Sign Up" width="sm">
      {invitation.isPending && <LinearProgress aria-label="Checking your invitation" sx={{ mb: 3 }} />}
      {/* Spec section 4: a response with valid false keeps the form disabled. */}
      <SignUpForm email={email} token={token} disabled={invitation.data?.valid !== true} />
    </AuthLayout>
  )
}
