/**
 * Every style of the public funnel pages, as one string the page carries inline in its HTML
 * (issue 11): the first view paints from the HTML alone, with no style sheet or script to wait
 * for. The theme's colours and the spec's font sizes, without MUI.
 */
export const funnelCss = `
.fy{--fy-primary:#6a1b9a;--fy-success:#2e7d32;--fy-success-light:#e8f5e9;--fy-warning:#ed6c02;--fy-error:#d32f2f;--fy-text:rgba(0,0,0,.87);--fy-muted:rgba(0,0,0,.6);--fy-divider:rgba(0,0,0,.12);--fy-paper:#fff;--fy-bg:#f5f5f5;
min-height:100dvh;display:flex;flex-direction:column;background:var(--fy-bg);color:var(--fy-text);font:16px/1.5 "Inter","Roboto","Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%;overflow-wrap:anywhere}
body{margin:0}
.fy *,.fy *::before,.fy *::after{box-sizing:border-box}
.fy [hidden]{display:none!important}
.fy h1,.fy h2,.fy p{margin:0}
.fy-header{display:flex;justify-content:center;padding:12px 16px;background:var(--fy-paper);border-bottom:1px solid var(--fy-divider)}
.fy-logo{display:block;height:40px;width:auto;max-width:60%;object-fit:contain}
.fy-main{flex:1;width:100%;max-width:600px;margin:0 auto;padding:20px 16px}
.fy-stack{display:flex;flex-direction:column;gap:24px}
.fy-stack-sm{display:flex;flex-direction:column;gap:16px}
.fy-hero{text-align:center}
.fy-hero-image{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:contain;border-radius:24px;box-shadow:0 3px 3px -2px rgba(0,0,0,.2),0 3px 4px rgba(0,0,0,.14),0 1px 8px rgba(0,0,0,.12);margin-bottom:24px;background:var(--fy-paper)}
.fy-headline{font-size:28px;font-weight:800;line-height:1.2;letter-spacing:-.3px}
.fy-sub{margin-top:12px!important;font-size:16px;line-height:1.5;color:var(--fy-muted)}
.fy-free{display:flex;justify-content:center}
.fy-free span{padding:6px 24px;border-radius:99px;background:var(--fy-primary);color:#fff;font-size:24px;font-weight:800;letter-spacing:2px}
.fy-card{background:var(--fy-paper);border:1px solid var(--fy-divider);border-radius:24px;padding:16px}
.fy-row{display:flex;justify-content:space-between;gap:16px;padding:4px 0;font-size:14px}
.fy-row span:first-child{color:var(--fy-muted)}
.fy-row span:last-child{font-weight:600;white-space:nowrap}
.fy-hr{border:0;border-top:1px solid var(--fy-divider);margin:8px 0}
.fy-total{display:flex;justify-content:space-between;align-items:baseline;font-weight:700}
.fy-total span:last-child{font-size:20px;font-weight:800;color:var(--fy-primary)}
.fy-button{display:block;width:100%;border:0;border-radius:24px;padding:14px 22px;font:inherit;font-size:20px;font-weight:700;line-height:1.3;color:#fff;background:var(--fy-primary);cursor:pointer;box-shadow:0 2px 4px -1px rgba(0,0,0,.2),0 4px 5px rgba(0,0,0,.14),0 1px 10px rgba(0,0,0,.12);touch-action:manipulation}
.fy-button:hover{filter:brightness(.92)}
.fy-button:focus-visible{outline:3px solid #ce93d8;outline-offset:2px}
.fy-button:disabled{background:rgba(0,0,0,.12);color:rgba(0,0,0,.38);box-shadow:none;cursor:default;filter:none}
.fy-button[aria-busy=true]{opacity:.7;cursor:progress}
.fy-button-success{background:var(--fy-success)}
.fy-unavailable{display:block;cursor:not-allowed}
.fy-unavailable-note{display:block;margin-top:8px;text-align:center;font-size:14px;color:var(--fy-muted)}

.fy-details{animation:fy-reveal 600ms ease-out}
@keyframes fy-reveal{from{opacity:0;transform:translateY(-8px)}to{opacity:1;transform:none}}
.fy-field{display:flex;flex-direction:column;gap:4px}
.fy-field label{font-size:14px;font-weight:600;color:var(--fy-muted)}
.fy-input{width:100%;padding:14px;border:1px solid rgba(0,0,0,.23);border-radius:8px;font:inherit;font-size:16px;background:#fff;color:inherit}
.fy-input:focus{outline:2px solid var(--fy-primary);outline-offset:-1px;border-color:var(--fy-primary)}
.fy-input[aria-invalid=true]{border-color:var(--fy-error)}
.fy-field-error{font-size:14px;color:var(--fy-error)}
.fy-muted{font-size:14px;color:var(--fy-muted)}
.fy-bump{border:2px dashed var(--fy-warning);border-radius:24px;overflow:hidden;background:var(--fy-paper);transition:border-color 200ms}
.fy-bump-head{display:flex;align-items:center;gap:8px;padding:8px 12px;background:#fff4d6;font-size:16px;font-weight:800;cursor:pointer;transition:background-color 200ms}
.fy-bump-head input{width:20px;height:20px;margin:0;accent-color:var(--fy-primary)}
.fy-bump-head:has(input:disabled){background:#f5f5f5;color:rgba(0,0,0,.6);cursor:default}
.fy-bump.fy-checked{border-color:var(--fy-success)}
.fy-bump.fy-checked .fy-bump-head{background:#81c784}
.fy-bump-body{display:flex;gap:12px;padding:12px}
.fy-bump-image{width:88px;height:88px;flex-shrink:0;object-fit:contain;border-radius:16px;background:#e0e0e0}
.fy-bump-title{font-size:16px;font-weight:700;line-height:1.3}
.fy-bump-text{margin-top:4px!important;font-size:14px;color:var(--fy-muted);white-space:pre-line}
.fy-prices{display:flex;align-items:baseline;gap:8px;margin-top:8px}
.fy-prices s{font-size:14px;color:var(--fy-muted)}
.fy-new-price{font-weight:800;color:var(--fy-error);font-size:20px}
.fy-section-title{display:flex;align-items:center;gap:8px;margin-bottom:12px!important;font-size:16px;font-weight:700}
.fy-alert{margin-top:12px;padding:8px 16px;border-radius:8px;background:#fdeded;color:#5f2120;font-size:14px}
.fy-note{padding:6px 16px;border:1px solid #0288d1;border-radius:8px;color:#014361;font-size:14px}
.fy-progress{margin-bottom:-12px!important;text-align:center;font-size:14px;font-weight:600;color:var(--fy-muted)}
.fy-banner{padding:12px 16px;border-radius:24px;background:var(--fy-error);color:#fff;text-align:center}
.fy-banner h2{font-size:20px;font-weight:800;line-height:1.3;outline:none}
.fy-upsell-title{font-size:24px;font-weight:800;text-align:center;line-height:1.25}
.fy-upsell-image{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:contain;border-radius:24px;background:var(--fy-paper)}
.fy-upsell-text{color:var(--fy-muted);white-space:pre-line;line-height:1.6}
.fy-upsell-price{text-align:center;font-size:32px;font-weight:800;color:var(--fy-primary)}
.fy-link{border:0;background:none;padding:0 12px;min-height:44px;min-width:44px;font:inherit;font-size:14px;color:var(--fy-muted);text-decoration:underline;cursor:pointer}
.fy-center{text-align:center}
.fy-video{position:relative;aspect-ratio:16/9;border-radius:24px;overflow:hidden;background:#000}
.fy-video iframe{position:absolute;inset:0;width:100%;height:100%;border:0}
.fy-footer{display:flex;flex-wrap:wrap;justify-content:center;column-gap:20px;row-gap:8px;padding:24px 16px;text-align:center}
.fy-footer a{font-size:14px;color:var(--fy-muted);text-decoration:none}
.fy-footer a:hover{text-decoration:underline}
.fy-ribbon{position:fixed;top:18px;right:-40px;z-index:1500;width:150px;padding:4px 0;transform:rotate(45deg);background:#000;color:#fff;text-align:center;font-size:14px;font-weight:700;letter-spacing:1px;text-transform:uppercase;pointer-events:none}
.fy-toasts{position:fixed;left:24px;bottom:24px;right:24px;z-index:1400;display:flex;flex-direction:column;gap:8px;align-items:flex-start;pointer-events:none;font:14px/1.43 "Inter","Roboto",Arial,sans-serif}
.fy-toasts-top{top:16px;bottom:auto}
.fy-toast{padding:6px 16px;min-height:48px;display:flex;align-items:center;border-radius:4px;background:#313131;color:#fff;box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px rgba(0,0,0,.14)}
.fy-toast-success{background:#2e7d32}.fy-toast-error{background:#d32f2f}.fy-toast-info{background:#1565c0}
.fy-thanks{flex:1;display:grid;place-items:center;padding:16px;background:var(--fy-bg)}
.fy-thanks-card{max-width:560px;width:100%;padding:24px;text-align:center;border:1px solid var(--fy-divider);border-radius:32px;background:var(--fy-paper)}
.fy-thanks-card h1{font-size:24px;line-height:1.3;margin-bottom:12px}
.fy-receipt{text-align:left;margin-top:24px}
.fy-receipt ul{list-style:none;margin:0;padding:0}
.fy-receipt li{padding:4px 0}
.fy-download{display:inline-block;min-height:24px;font-size:14px;font-weight:600;color:var(--fy-primary)}
@media (min-width:600px){.fy-main{padding:32px 24px}.fy-headline{font-size:32px}.fy-sub{font-size:20px}.fy-upsell-title{font-size:28px}.fy-thanks-card{padding:40px}.fy-thanks-card h1{font-size:28px}}
@media (prefers-reduced-motion:reduce){.fy-details{animation:none}}
`
