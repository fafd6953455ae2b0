fn main() {
    portal::start();
}
