// The styles of Mantine's date inputs and our corrections to them, in this order, with the modules
// that draw date inputs rather than with every page.
import '@mantine/dates/styles.css';
import './date-pickers.css';
