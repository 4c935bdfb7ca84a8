import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useOrderReceipt } from '../api/get-order-receipt'
import { OrderReceiptSummary } from '../components/order-receipt-summary'
import { pushPurchaseOnce } from '../lib/purchase-event'

export const thankYouTexts = {
  'free-offer': {
    title: 'Congratulations for Claiming Your Free Download!',
    text: 'Check your email address to get the free download.',
  },
  purchase: {
    title: 'Thank You For Your Purchase!',
    text: 'Please check your email address to get your free download and extra product purchases.',
  },
} as const

/**
 * `/thank-you-purchase?type=free-offer|oto-offer&order=<reference>`: the visitor's last page (spec
 * section 2). With the order's reference it shows what was bought and the total, and hands a paid
 * order to the seller's analytics as a GA4 `purchase` event, once per order (issue 9, item 9).
 */
export default function ThankYouPurchasePage() {
  const [searchParams] = useSearchParams()
  const { title, text } = searchParams.get('type') === 'free-offer' ? thankYouTexts['free-offer'] : thankYouTexts.purchase
  const receipt = useOrderReceipt(searchParams.get('order'))
  const data = receipt.data
  useEffect(() => {
    if (data) pushPurchaseOnce(data)
  }, [data])

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 4 }}>
        <CheckCircleRounded color="success" sx={{ fontSize: 72, mb: 1 }} />
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 24, sm: 28 }, lineHeight: 1.3, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        {/* An expired or unknown reference shows no summary; the emails hold everything. */}
        {data && <OrderReceiptSummary receipt={data} />}
      </Paper>
    </Box>
  )
}
