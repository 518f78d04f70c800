/** Two tenants of one deployment, told apart by host name (Chromium maps *.localhost to loopback). */
export const TENANTS = {
  tenants: [
    {
      id: 'acme',
      hosts: ['acme.localhost'],
      branding: {
        productName: 'Acme Minutes',
        primaryColor: '#c8102e',
        footerCredit: 'Acme Corporation · Meeting records',
        logoUrl: '/favicon.svg',
        emailSenderName: 'Acme Minutes',
      },
    },
    {
      id: 'globex',
      hosts: ['globex.localhost'],
      branding: {
        productName: 'Globex Meetings',
        primaryColor: '#2e7d32',
        footerCredit: 'Globex · Built by Globex IT',
      },
    },
  ],
};
