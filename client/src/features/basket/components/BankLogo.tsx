interface LogoStyle {
  label: string;
  background: string;
  foreground: string;
}

/** Simple drawn badges for the banks and cards the gateways offer (no external images). */
const LOGOS: Record<string, LogoStyle> = {
  swedbank: { label: 'Swedbank', background: '#ee7023', foreground: '#ffffff' },
  seb: { label: 'SEB', background: '#41a62a', foreground: '#ffffff' },
  lhv: { label: 'LHV', background: '#1c1c1c', foreground: '#ffffff' },
  luminor: { label: 'Luminor', background: '#481e4e', foreground: '#ffffff' },
  coop: { label: 'Coop Pank', background: '#0067b1', foreground: '#ffffff' },
  citadele: { label: 'Citadele', background: '#e30613', foreground: '#ffffff' },
  revolut: { label: 'Revolut', background: '#0a0a0a', foreground: '#ffffff' },
  visa: { label: 'VISA', background: '#1a1f71', foreground: '#ffffff' },
  mastercard: { label: 'Mastercard', background: '#f4f4f4', foreground: '#1d1d1b' },
};

/** The method's badge; its name is the label next to it, so the drawing itself is decorative. */
export function BankLogo({ name, displayName }: { name: string; displayName: string }) {
  const logo = LOGOS[name] ?? { label: displayName, background: '#d7dce4', foreground: '#1d2430' };
  return (
    <svg
      className="bank-logo"
      viewBox="0 0 120 36"
      width="120"
      height="36"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="120" height="36" rx="6" fill={logo.background} />
      {name === 'mastercard' && (
        <>
          <circle cx="20" cy="18" r="9" fill="#eb001b" />
          <circle cx="31" cy="18" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </>
      )}
      <text
        x={name === 'mastercard' ? 76 : 60}
        y="23"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize={logo.label.length > 8 ? 13 : 16}
        fontWeight="700"
        fill={logo.foreground}
      >
        {logo.label}
      </text>
    </svg>
  );
}
