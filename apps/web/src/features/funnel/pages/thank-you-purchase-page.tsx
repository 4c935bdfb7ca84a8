import { useSearchParams } from 'react-router'
import { ThankYouView } from '../components/thank-you-view'

export { downloadsBelowText, thankYouTexts } from '../components/thank-you-view'

/** `/thank-you-purchase?type=free-offer|oto-offer&order=<reference>` inside the app (the server renders it too). */
export default function ThankYouPurchasePage() {
  const [searchParams] = useSearchParams()
  return <ThankYouView type={searchParams.get('type')} order={searchParams.get('order')} />
}
