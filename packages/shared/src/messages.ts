/** Every user-facing text the spec quotes, in one place, so the API, the web app and the tests agree. */
export const messages = {
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  invalidUrl: 'Must be a valid URL starting with http:// or https://',
  passwordsMustMatch: 'Passwords must match',
  emailRequired: 'Email Address is required',
  passwordRequired: 'Password is required',
  fullNameRequired: 'Full Name is required',
  noSpaces: 'No spaces are allowed',
  invalidCredentials: 'Invalid credentials',
  invitationInvalid: 'Your invitation is not valid',
  registered: 'You were successfully registered. Please log in.',
  somethingWentWrong: 'Something went wrong.',
  paymentFailed: 'Payment failed.',
  paymentSucceeded: 'Payment succeeded!',
  offerNotAvailable: 'Offer is not available',
  fileRejected: 'File rejected. Please try again.',
  noResults: 'No Results found',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
} as const

export const useAuthOutsideProvider = 'useAuth must be used within an AuthProvider'
