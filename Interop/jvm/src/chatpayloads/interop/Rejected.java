package chatpayloads.interop;

/** A payload the models do not accept, with the reason. */
public class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Rejected(String reason) {
        super(reason);
    }
}
