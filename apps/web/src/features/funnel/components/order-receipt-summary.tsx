import { currencySymbol, formatMoney, type OrderReceipt } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import Typography from '@mui/material/Typography'

/** What the visitor got on the thank-you page: each item with its price, and the total. */
export function OrderReceiptSummary({ receipt }: { receipt: OrderReceipt }) {
  const symbol = currencySymbol(receipt.currency)
  return (
    <Box component="section" aria-label="Your order" sx={{ textAlign: 'left', mt: 3 }}>
      <Typography component="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 1 }}>
        Your order
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {receipt.items.map((item) => (
          <Box component="li" key={item.kind} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
            <Typography variant="body2">{item.name}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {item.kind === 'free' ? 'FREE' : formatMoney(symbol, item.price)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography data-testid="receipt-total" sx={{ fontSize: 20, fontWeight: 800, color: 'primary.main' }}>
          {formatMoney(symbol, receipt.total)}
        </Typography>
      </Box>
      {receipt.status === 'pending' && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
          Your payment is being confirmed.
        </Typography>
      )}
    </Box>
  )
}
